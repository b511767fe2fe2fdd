package privacy_test

import (
	"context"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/privacy"
	"rendezvous/engine/server/servertest"
	"rendezvous/engine/tenancy"
)

// The retention job drops the addresses of signups and logins older than
// each brand keeps them and keeps the recent ones: LustLokaal keeps them
// 30 days, SparkUSA says nothing (180 days).
func TestRetentionDropsOldAddressesPerBrand(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	ctx := context.Background()
	clock := withClock(env)
	env.ChangeTenants(t, `UPDATE tenants SET settings = settings || '{"retention": {"address_days": 30}}' WHERE slug = 'lustlokaal'`)
	now := clock.Now()
	ago := func(days int) time.Time { return now.AddDate(0, 0, -days) }
	type member struct {
		tenant                string
		signup, login         time.Time
		keepSignup, keepLogin bool
	}
	cases := map[string]member{
		"old on lustlokaal":      {"lustlokaal", ago(40), ago(31), false, false},
		"recent login":           {"lustlokaal", ago(40), ago(29), false, true},
		"recent on lustlokaal":   {"lustlokaal", ago(10), ago(1), true, true},
		"40 days on sparkusa":    {"sparkusa", ago(40), ago(40), true, true},
		"old on sparkusa":        {"sparkusa", ago(200), ago(181), false, false},
		"recent login, sparkusa": {"sparkusa", ago(200), ago(179), false, true},
	}
	ids := map[string]int64{}
	for name, m := range cases {
		made := accountstest.NewMember(t, env.Pool, accountstest.Member{TenantSlug: m.tenant, SignupDate: m.signup})
		env.Exec(t, "UPDATE members SET signup_ip = '192.0.2.7', last_login_ip = '198.51.100.9', last_login_at = $2 WHERE id = $1", made.ID, m.login)
		ids[name] = made.ID
	}
	if err := (&privacy.RetentionWorker{Service: env.Privacy}).Work(ctx, nil); err != nil {
		t.Fatal(err)
	}
	for name, m := range cases {
		var signup, login *string
		var loginAt *time.Time
		if err := env.Pool.QueryRow(ctx, "SELECT host(signup_ip), host(last_login_ip), last_login_at FROM members WHERE id = $1", ids[name]).
			Scan(&signup, &login, &loginAt); err != nil {
			t.Fatal(err)
		}
		if (signup != nil) != m.keepSignup || (login != nil) != m.keepLogin || (loginAt != nil) != m.keepLogin {
			t.Errorf("%s: signup address %v, login address %v at %v; want kept %v, %v", name, signup, login, loginAt, m.keepSignup, m.keepLogin)
		}
	}
}

// A login stores its address with its time, which the retention counts from.
func TestLoginStoresWhenItsAddressWasSeen(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	_, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	var at *time.Time
	var ip *string
	if err := env.Pool.QueryRow(context.Background(), "SELECT host(last_login_ip), last_login_at FROM members WHERE id = $1", made.ID).Scan(&ip, &at); err != nil {
		t.Fatal(err)
	}
	if ip == nil || at == nil || time.Since(*at) > time.Minute {
		t.Fatalf("login address %v at %v", ip, at)
	}
}

func TestRetentionSettingOfTheBrandFile(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		section any
		fields  []string
	}{
		{nil, nil},
		{map[string]any{"address_days": 90}, nil},
		{map[string]any{"address_days": 0}, []string{"retention.address_days"}},
		{map[string]any{"address_days": 4000}, []string{"retention.address_days"}},
		{map[string]any{"address_days": 1.5}, []string{"retention.address_days"}},
		{map[string]any{"ip_days": 9}, []string{"retention.ip_days"}},
		{"forever", []string{"retention"}},
	} {
		f := tenancy.File{Extra: map[string]any{}}
		if c.section != nil {
			f.Extra["retention"] = c.section
		}
		var got []string
		for _, p := range privacy.CheckTenantFile(f) {
			got = append(got, p.Field)
		}
		if len(got) != len(c.fields) || (len(got) == 1 && got[0] != c.fields[0]) {
			t.Errorf("%v: problems %v, want %v", c.section, got, c.fields)
		}
	}
	days, err := privacy.AddressDaysOf(&tenancy.Tenant{RawSettings: []byte(`{"retention": {"address_days": 45}}`)})
	if err != nil || days != 45 {
		t.Fatalf("address days %d (%v)", days, err)
	}
	if days, _ := privacy.AddressDaysOf(&tenancy.Tenant{RawSettings: []byte(`{}`)}); days != privacy.DefaultAddressDays {
		t.Fatalf("default address days %d", days)
	}
}
