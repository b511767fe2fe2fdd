package brandfile

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/affiliates"
	"rendezvous/engine/billing"
	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/chat"
	"rendezvous/engine/looks"
	"rendezvous/engine/platform/outbound"
	"rendezvous/engine/privacy"
	"rendezvous/engine/tenancy"
	"rendezvous/engine/trust"
	"rendezvous/themes"
)

// section is one area's part of a brand file.
type section struct {
	// check answers the section's problems, each naming its field.
	check func(tenancy.File) []tenancy.Problem
	// checkHosts refuses hosts the section names that the engine may not
	// call, looked up from where it runs.
	checkHosts func(context.Context, *outbound.Guard, tenancy.File) error
	// stored runs in the transaction that stored the brands.
	stored func(context.Context, pgx.Tx) error
}

// sections are every area's part of a brand file.
var sections = []section{
	// The fictional-profile markers in each of the brand's languages.
	{check: tenancy.CheckFictionalTexts},
	// The least a message costs per country, shown before members buy.
	{check: tenancy.CheckMinimumMessageCosts},
	{check: billing.CheckTenantFile},
	{check: chat.CheckTenantFile},
	{check: affiliates.CheckTenantFile, checkHosts: affiliates.CheckAddresses},
	{check: trust.CheckTenantFile},
	{check: privacy.CheckTenantFile},
	// The brand's layout variants, logo, icon and home copy.
	{check: looks.CheckTenantFile},
	// Every brand has its time bonus (TIMEBONUS25) from the start: members
	// see it before any signup.
	{stored: func(ctx context.Context, tx pgx.Tx) error { return discounts.EnsureTimeBonuses(ctx, tx) }},
}

// Check validates f whole: the brand's own fields, then its theme and
// colours against the engine's themes (set), then every area's section,
// then the hosts the sections name (guard decides which may be called;
// nil is the strictest). The refusal names the first bad field and lists
// every problem.
func Check(ctx context.Context, guard *outbound.Guard, set *themes.Set, f tenancy.File) error {
	if err := f.Validate(); err != nil {
		var bad *tenancy.InvalidFileError
		if errors.As(err, &bad) {
			return bad.Refusal()
		}
		return err
	}
	if problems := sectionProblems(f, set); len(problems) > 0 {
		return (&tenancy.InvalidFileError{Slug: f.Slug, Problems: problems}).Refusal()
	}
	return hostsAllowed(ctx, guard, f)
}

// hostsAllowed asks every section whether the hosts it names may be called.
func hostsAllowed(ctx context.Context, guard *outbound.Guard, f tenancy.File) error {
	for _, s := range sections {
		if s.checkHosts == nil {
			continue
		}
		if err := s.checkHosts(ctx, guard, f); err != nil {
			return err
		}
	}
	return nil
}

// sectionProblems are the problems of f's theme and colours (over set)
// and of every area's section.
func sectionProblems(f tenancy.File, set *themes.Set) []tenancy.Problem {
	problems := checkLook(f, set)
	for _, s := range sections {
		if s.check != nil {
			problems = append(problems, s.check(f)...)
		}
	}
	return problems
}

// Stored runs every area's step after brands were stored, in the
// transaction that stored them.
func Stored(ctx context.Context, tx pgx.Tx) error {
	for _, s := range sections {
		if s.stored == nil {
			continue
		}
		if err := s.stored(ctx, tx); err != nil {
			return err
		}
	}
	return nil
}

// Import checks files (read and validated by tenancy.ReadFiles; their
// themes and colours against the engine's themes, set) and stores
// them with every area's step: the start's and the command's import, which
// trust the operator's own directory but still hold its postbacks to the
// strictest guard. An error names every problem of every file, and nothing
// is stored then.
func Import(ctx context.Context, pool *pgxpool.Pool, set *themes.Set, files []tenancy.File, overwrite bool) ([]tenancy.ImportResult, error) {
	var problems []string
	for _, f := range files {
		for _, p := range sectionProblems(f, set) {
			problems = append(problems, fmt.Sprintf("tenant file %s: %s", f.Slug, p.Message))
		}
	}
	if len(problems) > 0 {
		return nil, errors.New(strings.Join(problems, "; "))
	}
	for _, f := range files {
		if err := hostsAllowed(ctx, nil, f); err != nil {
			return nil, fmt.Errorf("tenant file %s: %w", f.Slug, err)
		}
	}
	results, err := tenancy.Import(ctx, pool, files, overwrite)
	if err != nil {
		return nil, err
	}
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return Stored(ctx, tx) }); err != nil {
		return nil, fmt.Errorf("after the import of brand files: %w", err)
	}
	return results, nil
}
