package landerpages_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/server/servertest"
)

// demoTenants are the demo brands with a host each.
var demoTenants = []struct{ slug, host string }{
	{"lustlokaal", "localhost"}, {"herzklopfen", "de.localhost"}, {"sparkusa", "us.localhost"},
}

// fitting makes, in tenant slug's pool, a member who fits niche n and
// nothing narrower, with a photo, and returns the name.
func fitting(t *testing.T, env *servertest.Env, slug string, n int) string {
	t.Helper()
	name := fmt.Sprintf("Fit%s%d", slug[:4], n)
	m := accountstest.Member{TenantSlug: slug, Name: name, Gender: "female", Seeking: "male", BirthDate: yearsAgo(30)}
	sql := ""
	switch n {
	case 3:
		sql = "UPDATE profiles SET interests = '{16,19,20}' WHERE id = $1"
	case 4:
		sql = "UPDATE profiles SET body_type = 'curvy' WHERE id = $1"
	case 5:
		m.BirthDate = yearsAgo(63)
	case 6:
		m.BirthDate = yearsAgo(41)
	case 7:
		m.Gender, m.Seeking = "male", "male"
		sql = "UPDATE profiles SET sexuality = 'gay' WHERE id = $1"
	}
	made := accountstest.NewMember(t, env.Pool, m)
	if sql != "" {
		env.Exec(t, sql, made.ID)
	}
	photo(t, env, made.ID)
	return name
}

func yearsAgo(y int) time.Time { return time.Now().AddDate(-y, -2, 0) }

// photo gives member id a photo operators reviewed.
func photo(t *testing.T, env *servertest.Env, id int64) {
	t.Helper()
	env.Exec(t, `INSERT INTO photos (profile_id, filename, thumb_filename, status, width, height, reviewed_at)
		VALUES ($1, $2, $3, 'active', 960, 1280, now())`, id, fmt.Sprintf("p%d.jpg", id), fmt.Sprintf("p%dt.jpg", id))
}

// Every lander renders for every niche on every demo tenant with the
// members that fit the niche, on the tenant's theme, under 50 KB.
func TestLandersRenderEachNicheOnEachTenant(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	names := map[string][]string{}
	for _, d := range demoTenants {
		for n := 1; n <= len(landerpages.NicheNames); n++ {
			names[d.slug] = append(names[d.slug], fitting(t, env, d.slug, n))
		}
	}
	for _, d := range demoTenants {
		for n := 1; n <= len(landerpages.NicheNames); n++ {
			for _, lander := range landerpages.Names {
				for _, address := range []string{
					fmt.Sprintf("/landers/%s?niche=%d", lander, n),
					fmt.Sprintf("/landers/%s/%s-b", lander, landerpages.NicheNames[n-1]),
				} {
					res := env.Client(t, d.host).Do("GET", address, nil)
					res.Want(t, http.StatusOK, "")
					page := string(res.Body)
					if !strings.Contains(page, `data-niche="`+landerpages.NicheNames[n-1]+`"`) {
						t.Errorf("%s%s: not the niche %s", d.host, address, landerpages.NicheNames[n-1])
					}
					own := names[d.slug][n-1]
					if !strings.Contains(page, ">"+own+"<") {
						t.Errorf("%s%s: the member %s who fits the niche is missing", d.host, address, own)
					}
					for slug, list := range names {
						for i, other := range list {
							if (slug != d.slug || (i+1 != n && n != 1 && !fitsToo(n, i+1))) && strings.Contains(page, ">"+other+"<") {
								t.Errorf("%s%s: %s (of %s, niche %d) shown", d.host, address, other, slug, i+1)
							}
						}
					}
					if len(res.Body) >= 50<<10 {
						t.Errorf("%s%s: %d bytes, want under 50 KB", d.host, address, len(res.Body))
					}
					if !strings.Contains(page, `data-testid="lander-signup"`) || !strings.Contains(page, `srcset="/media/`) {
						t.Errorf("%s%s: no signup or no responsive photos", d.host, address)
					}
				}
			}
		}
	}
}

// fitsToo: the test's member of niche m fits niche n as well (a woman of
// 30 fits she and bdsm; the curvy one she and bdsm; the milf she...).
func fitsToo(n, m int) bool {
	women30 := map[int]bool{1: true, 2: true, 3: true, 4: true}
	switch n {
	case 2: // she: women up to 50
		return women30[m] || m == 6
	case 3: // bdsm: everybody of 21 or more
		return true
	case 4, 5, 6, 7:
		return false
	}
	return true
}

// Invisible, deleted, deletion-pending, banned, suspended and disabled
// members and members without a photo never show on a lander.
func TestLandersNeverShowHiddenMembers(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	shown := fitting(t, env, "lustlokaal", 2)
	hidden := map[string]string{
		"Invisible": "UPDATE profiles SET invisible = true WHERE id = $1",
		"Deleted":   "UPDATE members SET status = 'deleted' WHERE id = $1",
		"Pending":   "UPDATE members SET status = 'deletion_pending' WHERE id = $1",
		"Banned":    "UPDATE members SET banned_at = now() WHERE id = $1",
		"Suspended": "UPDATE members SET suspended_until = now() + interval '1 day' WHERE id = $1",
		"Hidden":    "UPDATE profiles SET status = 'hidden' WHERE id = $1",
		"Nophoto":   "DELETE FROM photos WHERE profile_id = $1",
	}
	for name, sql := range hidden {
		m := accountstest.NewMember(t, env.Pool, accountstest.Member{TenantSlug: "lustlokaal", Name: name, Gender: "female", BirthDate: yearsAgo(30)})
		photo(t, env, m.ID)
		env.Exec(t, sql, m.ID)
	}
	for _, lander := range landerpages.Names {
		page := string(env.Client(t, "localhost").Do("GET", "/landers/"+lander+"/she", nil).Body)
		if !strings.Contains(page, ">"+shown+"<") {
			t.Errorf("%s: the visible member is missing", lander)
		}
		for name := range hidden {
			if strings.Contains(page, ">"+name+"<") {
				t.Errorf("%s: %s member shown", lander, name)
			}
		}
	}
}
