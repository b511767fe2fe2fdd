package billing

import (
	"encoding/json"
	"errors"

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
	var problems sectionProblems
	if errors.As(err, &problems) {
		return problems
	}
	// The section is not the shape of one (a decode error): the section as
	// a whole is wrong.
	return []tenancy.Problem{{Field: "billing", Message: err.Error()}}
}
