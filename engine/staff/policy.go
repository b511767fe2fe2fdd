package staff

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/casbin/casbin/v2"
	"github.com/casbin/casbin/v2/model"
	"github.com/casbin/casbin/v2/persist"
	"github.com/casbin/casbin/v2/util"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/config"
	"rendezvous/engine/staff/internal/db"
)

// The console's roles (config/console_policy.csv says what each may do).
const (
	RoleSuperadmin       = "superadmin"
	RoleOperator         = "operator"
	RoleModerator        = "moderator"
	RoleSupport          = "support"
	RoleChatOperator     = "chat_operator"
	RoleFinance          = "finance"
	RoleAffiliateManager = "affiliate_manager"
	// RoleAffiliate is an affiliate's own account: its traffic only
	// (AffiliateScope), nothing of the members or the brands.
	RoleAffiliate = "affiliate"
)

// Roles are every console role, most powerful first.
var Roles = []string{RoleSuperadmin, RoleOperator, RoleModerator, RoleSupport, RoleChatOperator, RoleFinance, RoleAffiliateManager, RoleAffiliate}

// AllTenants is the domain of a role held on every tenant, and of a call
// about no single tenant (staff, the audit log).
const AllTenants = "*"

// Grant is one role a staff member holds, on one tenant (its slug) or on
// AllTenants.
type Grant struct {
	Role   string `json:"role"`
	Tenant string `json:"tenant"`
}

// Policy decides what staff may do: casbin over the casbin_rules table.
// Every instance keeps the rules in memory and reloads them when the table
// changed (another instance gave a role), checked once per decision.
type Policy struct {
	pool *pgxpool.Pool

	mu       sync.Mutex
	enforcer *casbin.Enforcer
	version  db.RulesVersionRow
}

// NewPolicy writes the policy file's permissions into the table (replacing
// the old ones; roles given to staff stay) and loads the rules.
func NewPolicy(ctx context.Context, pool *pgxpool.Pool) (*Policy, error) {
	lines, err := policyLines(config.ConsolePolicy)
	if err != nil {
		return nil, err
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.RulesLock(ctx); err != nil {
			return err
		}
		rows, err := q.RulesAll(ctx)
		if err != nil {
			return err
		}
		var stored []string
		for _, r := range rows {
			if r.Ptype == "p" {
				stored = append(stored, strings.Join([]string{r.V0, r.V1, r.V2, r.V3}, ","))
			}
		}
		var want []string
		for _, l := range lines {
			want = append(want, strings.Join(l[1:], ","))
		}
		slices.Sort(stored)
		slices.Sort(want)
		if slices.Equal(stored, want) {
			return nil // unchanged: the rules (and their version) stay as they are
		}
		if err := q.RulesRemoveType(ctx, "p"); err != nil {
			return err
		}
		for _, l := range lines {
			if err := q.RuleAdd(ctx, ruleParams(l[0], l[1:])); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("write the console policy: %w", err)
	}
	m, err := model.NewModelFromString(config.ConsoleModel)
	if err != nil {
		return nil, fmt.Errorf("console model: %w", err)
	}
	e, err := casbin.NewEnforcer(m, &Adapter{Pool: pool})
	if err != nil {
		return nil, fmt.Errorf("console policy: %w", err)
	}
	// A role given on "*" holds on every tenant.
	e.AddNamedDomainMatchingFunc("g", "keyMatch", util.KeyMatch)
	p := &Policy{pool: pool, enforcer: e}
	if err := p.reload(ctx, true); err != nil {
		return nil, err
	}
	return p, nil
}

// policyLines reads the policy file: CSV lines, "#" comments and blank lines
// ignored.
func policyLines(text string) ([][]string, error) {
	r := csv.NewReader(strings.NewReader(text))
	r.Comment = '#'
	r.TrimLeadingSpace = true
	r.FieldsPerRecord = -1
	lines, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("console policy file: %w", err)
	}
	for _, l := range lines {
		if len(l) != 5 || l[0] != "p" {
			return nil, fmt.Errorf("console policy file: %q is not a line p, role, domain, object, action", strings.Join(l, ", "))
		}
	}
	return lines, nil
}

// reload loads the rules again when the table changed since the last load
// (always when force).
func (p *Policy) reload(ctx context.Context, force bool) error {
	v, err := db.New(p.pool).RulesVersion(ctx)
	if err != nil {
		return fmt.Errorf("console rules version: %w", err)
	}
	if !force && v == p.version {
		return nil
	}
	if err := p.enforcer.LoadPolicy(); err != nil {
		return fmt.Errorf("load console rules: %w", err)
	}
	p.version = v
	return nil
}

func subject(staffID int64) string { return fmt.Sprintf("staff:%d", staffID) }

// Allowed reports whether staff member staffID may take action on object on
// tenant (a slug, or AllTenants for a call about no single tenant).
func (p *Policy) Allowed(ctx context.Context, staffID int64, tenant, object, action string) (bool, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.reload(ctx, false); err != nil {
		return false, err
	}
	ok, err := p.enforcer.Enforce(subject(staffID), tenant, object, action)
	if err != nil {
		return false, fmt.Errorf("console policy: %w", err)
	}
	return ok, nil
}

// TenantPermission is one permission a staff member holds: an object and
// an action of the policy on a tenant domain (a slug, or AllTenants: every
// tenant, and the calls about no single tenant).
type TenantPermission struct {
	Tenant string `json:"tenant"`
	Object string `json:"object"`
	Action string `json:"action"`
}

// Permissions are what staff member staffID may do on each of domains, as
// casbin decides it: every object and action of the policy, enforced on
// each domain. The console's web app shows only what these allow; the
// routes' guard stays the authority.
func (p *Policy) Permissions(ctx context.Context, staffID int64, domains []string) ([]TenantPermission, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.reload(ctx, false); err != nil {
		return nil, err
	}
	rules, err := p.enforcer.GetPolicy()
	if err != nil {
		return nil, fmt.Errorf("console policy: %w", err)
	}
	type objAct struct{ obj, act string }
	var pairs []objAct
	for _, r := range rules {
		if len(r) == 4 && !slices.Contains(pairs, objAct{r[2], r[3]}) {
			pairs = append(pairs, objAct{r[2], r[3]})
		}
	}
	slices.SortFunc(pairs, func(a, b objAct) int { return strings.Compare(a.obj+":"+a.act, b.obj+":"+b.act) })
	out := []TenantPermission{}
	for _, d := range domains {
		for _, oa := range pairs {
			ok, err := p.enforcer.Enforce(subject(staffID), d, oa.obj, oa.act)
			if err != nil {
				return nil, fmt.Errorf("console policy: %w", err)
			}
			if ok {
				out = append(out, TenantPermission{Tenant: d, Object: oa.obj, Action: oa.act})
			}
		}
	}
	return out, nil
}

// Grants are the roles staff member staffID holds.
func (p *Policy) Grants(ctx context.Context, staffID int64) ([]Grant, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.reload(ctx, false); err != nil {
		return nil, err
	}
	rules, err := p.enforcer.GetFilteredGroupingPolicy(0, subject(staffID))
	if err != nil {
		return nil, fmt.Errorf("console grants: %w", err)
	}
	grants := make([]Grant, 0, len(rules))
	for _, r := range rules {
		grants = append(grants, Grant{Role: r[1], Tenant: r[2]})
	}
	slices.SortFunc(grants, func(a, b Grant) int {
		return strings.Compare(a.Tenant+" "+a.Role, b.Tenant+" "+b.Role)
	})
	return grants, nil
}

// addGrant gives staff member staffID role g in the transaction of q;
// every instance's Policy sees it at its next decision.
func addGrant(ctx context.Context, q *db.Queries, staffID int64, g Grant) error {
	if err := q.RuleAdd(ctx, ruleParams("g", []string{subject(staffID), g.Role, g.Tenant})); err != nil {
		return fmt.Errorf("give %s on %s: %w", g.Role, g.Tenant, err)
	}
	return nil
}

// Adapter keeps casbin's rules in the casbin_rules table (casbin's
// persist.Adapter, with auto-save of single changes).
type Adapter struct {
	Pool *pgxpool.Pool
}

var _ persist.Adapter = (*Adapter)(nil)

// LoadPolicy loads every rule into m.
func (a *Adapter) LoadPolicy(m model.Model) error {
	rows, err := db.New(a.Pool).RulesAll(context.Background())
	if err != nil {
		return fmt.Errorf("read casbin rules: %w", err)
	}
	for _, r := range rows {
		line := []string{r.Ptype, r.V0, r.V1, r.V2, r.V3, r.V4, r.V5}
		for len(line) > 1 && line[len(line)-1] == "" {
			line = line[:len(line)-1]
		}
		if err := persist.LoadPolicyArray(line, m); err != nil {
			return fmt.Errorf("casbin rule %v: %w", line, err)
		}
	}
	return nil
}

// SavePolicy replaces the table's rules with m's.
func (a *Adapter) SavePolicy(m model.Model) error {
	ctx := context.Background()
	return pgx.BeginFunc(ctx, a.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.RulesLock(ctx); err != nil {
			return err
		}
		for _, sec := range []string{"p", "g"} {
			for ptype, ast := range m[sec] {
				if err := q.RulesRemoveType(ctx, ptype); err != nil {
					return err
				}
				for _, rule := range ast.Policy {
					if err := q.RuleAdd(ctx, ruleParams(ptype, rule)); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
}

// AddPolicy adds one rule.
func (a *Adapter) AddPolicy(_, ptype string, rule []string) error {
	return db.New(a.Pool).RuleAdd(context.Background(), ruleParams(ptype, rule))
}

// RemovePolicy removes one rule.
func (a *Adapter) RemovePolicy(_, ptype string, rule []string) error {
	p := ruleParams(ptype, rule)
	return db.New(a.Pool).RuleRemove(context.Background(), db.RuleRemoveParams(p))
}

// errFilteredRemove: the console removes rules one by one.
var errFilteredRemove = errors.New("casbin adapter: removing rules by filter is not supported; remove them one by one")

// RemoveFilteredPolicy is not needed by the console.
func (a *Adapter) RemoveFilteredPolicy(string, string, int, ...string) error {
	return errFilteredRemove
}

func ruleParams(ptype string, rule []string) db.RuleAddParams {
	v := make([]string, 6)
	copy(v, rule)
	return db.RuleAddParams{Ptype: ptype, V0: v[0], V1: v[1], V2: v[2], V3: v[3], V4: v[4], V5: v[5]}
}
