package affiliates_test

import (
	"strings"
	"testing"

	"rendezvous/engine/affiliates"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/tenancy"
)

func TestRender(t *testing.T) {
	t.Parallel()
	src := landerpages.Tracking{Network: "adnet", Ref: "aff 1", Sub1: "a&b=c", Sub2: "ü/?", Sub3: ""}
	cases := []struct {
		name, template string
		v              affiliates.Values
		want           string
	}{
		{"signup: subs encoded, purchase fields empty", "https://pb.example/s?e={event}&r={ref}&s1={sub1}&s2={sub2}&s3={sub3}&a={amount}&c={currency}&m={member_id}",
			affiliates.Values{Source: src, Event: affiliates.EventSignup, MemberID: 7},
			"https://pb.example/s?e=signup&r=aff+1&s1=a%26b%3Dc&s2=%C3%BC%2F%3F&s3=&a=&c=&m=7"},
		{"first purchase: amount in major and minor units", "http://pb.example/{network}/p?o={order_id}&a={amount}&am={amount_minor}&c={currency}",
			affiliates.Values{Source: src, Event: affiliates.EventFirstPurchase, MemberID: 7, OrderID: 9, Amount: 1995, Currency: "EUR"},
			"http://pb.example/adnet/p?o=9&a=19.95&am=1995&c=EUR"},
		{"no placeholders", "https://pb.example/fixed", affiliates.Values{}, "https://pb.example/fixed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := affiliates.Render(c.template, c.v)
			if err != nil || got != c.want {
				t.Fatalf("Render = %q, %v; want %q", got, err, c.want)
			}
		})
	}
}

func TestCheckTemplate(t *testing.T) {
	t.Parallel()
	cases := []struct{ template, problem string }{
		{"https://pb.example/p?click={sub1}&amount={amount}&cur={currency}", ""},
		{"http://10.0.0.5:8080/p?e={event}", ""},
		{"", "is empty"},
		{"ftp://pb.example/{sub1}", "http:// or https://"},
		{"javascript:alert(1)", "http:// or https://"},
		{"file:///etc/passwd", "http:// or https://"},
		{"https://pb.example/p?c={clickid}", "{clickid} is not a placeholder"},
		{"https://pb.example/p?c={sub1", "a { without its }"},
		{"https://pb.example/p?c=sub1}", "a } without its {"},
		{"https://{sub1}.example/p", "only after the host"},
		{"https://{sub1}", "only after the host"},
		{"https:///p?{sub1}", "has no host"},
		{"pb.example/p?c={sub1}", "http:// or https://"},
		{"https://pb.example/p?c={sub1} x", "white space"},
		{"https://pb.example/" + strings.Repeat("a", 2000), "longer than 2000"},
	}
	for _, c := range cases {
		err := affiliates.CheckTemplate(c.template)
		switch {
		case c.problem == "" && err != nil:
			t.Errorf("%q: %v", c.template, err)
		case c.problem != "" && (err == nil || !strings.Contains(err.Error(), c.problem)):
			t.Errorf("%q: %v, want %q", c.template, err, c.problem)
		}
	}
}

// TestCheckTenantFile: a tenant file's postbacks section is refused with
// the field of each problem, accepted when fine or absent.
func TestCheckTenantFile(t *testing.T) {
	t.Parallel()
	file := func(section any) tenancy.File {
		return tenancy.File{Slug: "x", Extra: map[string]any{"postbacks": section}}
	}
	if p := affiliates.CheckTenantFile(tenancy.File{Slug: "x"}); p != nil {
		t.Fatalf("no section: %v", p)
	}
	good := map[string]any{"adnet": map[string]any{"signup": "https://pb.example/s?c={sub1}", "first_purchase": "https://pb.example/p?c={sub1}&a={amount}"}}
	if p := affiliates.CheckTenantFile(file(good)); p != nil {
		t.Fatalf("good section: %v", p)
	}
	cases := []struct {
		section any
		field   string
	}{
		{"https://pb.example", "postbacks"},
		{map[string]any{"adnet": "https://pb.example"}, "postbacks"},
		{map[string]any{"adnet": map[string]any{"sale": "https://pb.example"}}, "postbacks.adnet.sale"},
		{map[string]any{"adnet": map[string]any{"signup": "gopher://pb.example"}}, "postbacks.adnet.signup"},
		{map[string]any{"adnet": map[string]any{"activation": "https://pb.example/{nope}"}}, "postbacks.adnet.activation"},
		{map[string]any{"adnet": map[string]any{}}, "postbacks.adnet"},
		{map[string]any{"<b>": map[string]any{"signup": "https://pb.example"}}, "postbacks.<b>"},
	}
	for _, c := range cases {
		p := affiliates.CheckTenantFile(file(c.section))
		if len(p) != 1 || p[0].Field != c.field || !strings.HasPrefix(p[0].Message, c.field+" ") {
			t.Errorf("%v: %+v, want one problem of %s", c.section, p, c.field)
		}
	}
}
