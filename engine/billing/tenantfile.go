package billing

import (
	"encoding/json"
	"strings"

	"rendezvous/engine/tenancy"
)

// CheckTenantFile validates the billing section of one tenant file (as the
// console saves it) and answers its problems with the field each names
// ("billing.packages[0].id"), or nil when it is fine or absent.
func CheckTenantFile(f tenancy.File) []tenancy.Problem {
	section, ok := f.Extra["billing"]
	if !ok || section == nil {
		return nil
	}
	raw, err := json.Marshal(map[string]any{"billing": section})
	if err == nil {
		_, err = parseSection(raw)
	}
	if err == nil {
		return nil
	}
	var problems []tenancy.Problem
	for _, msg := range strings.Split(err.Error(), "; ") {
		problems = append(problems, tenancy.Problem{Field: problemField(msg), Message: msg})
	}
	return problems
}

// problemField is the field a billing problem starts with ("billing.x ..."
// or "billing.x: ..."), or "billing".
func problemField(msg string) string {
	field, _, _ := strings.Cut(msg, " ")
	field = strings.TrimSuffix(field, ":")
	if !strings.HasPrefix(field, "billing") {
		return "billing"
	}
	return field
}
