package webapp

import (
	"encoding/json"
	"strings"
	"testing"

	"rendezvous/engine/tenancy"
)

// A brand with its own icon (look.icon) shows it as the favicon; one
// without shows its theme's, drawn as PNG.
func TestFaviconIsTheBrandsOwn(t *testing.T) {
	t.Parallel()
	a := &App{theme: map[string]json.RawMessage{"amber": json.RawMessage(`{"icon":"/themes/amber/icon.svg"}`)}}
	own := &tenancy.Tenant{Theme: "amber", RawSettings: json.RawMessage(`{"look":{"icon":"/media/ab/ab12-icon.png"}}`)}
	if got := string(a.iconTags(own)); !strings.Contains(got, `href="/media/ab/ab12-icon.png"`) {
		t.Errorf("the brand's icon is not the favicon: %s", got)
	}
	theirs := &tenancy.Tenant{Theme: "amber", RawSettings: json.RawMessage(`{"look":{"copy":{}}}`)}
	if got := string(a.iconTags(theirs)); !strings.Contains(got, `href="/themes/amber/icon-32.png"`) {
		t.Errorf("the theme's icon is not the favicon: %s", got)
	}
}
