package servertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"mime/multipart"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rendezvous/engine/staff"
)

// StaffMember is a staff account made for a test.
type StaffMember struct {
	ID       int64
	Email    string
	Password string
	// Secret is the second factor's secret once it is set up.
	Secret string
}

// StaffPassword is the password of the test engines' staff accounts.
const StaffPassword = "a long staff password"

var staffCounter atomic.Int64

// NewStaff makes a staff account with role on tenant (a slug, or "*" or ""
// for every tenant), without its second factor. An affiliate's account
// sees the network "adnet".
func (e *Env) NewStaff(tb testing.TB, role, tenant string) StaffMember {
	tb.Helper()
	var scope *staff.AffiliateScope
	if role == staff.RoleAffiliate {
		scope = &staff.AffiliateScope{Network: "adnet"}
	}
	return e.newStaff(tb, role, tenant, scope)
}

func (e *Env) newStaff(tb testing.TB, role, tenant string, scope *staff.AffiliateScope) StaffMember {
	tb.Helper()
	email := fmt.Sprintf("%s-%d@staff.example", role, staffCounter.Add(1))
	out, err := e.Console.Staff.Create(context.Background(),
		staff.NewStaff{Email: email, Role: role, Tenant: tenant, Password: StaffPassword, Affiliate: scope}, nil, netip.Addr{})
	if err != nil {
		tb.Fatal(err)
	}
	return StaffMember{ID: out.Staff.ID, Email: email, Password: StaffPassword}
}

// ConsoleClient is a browser on the console host.
func (e *Env) ConsoleClient(tb testing.TB) *Client {
	return e.Client(tb, ConsoleHost)
}

// StaffCode is the current code of the second factor's secret on the
// console's clock (a test may move it).
func (e *Env) StaffCode(tb testing.TB, secret string) string {
	tb.Helper()
	c, err := staff.TOTPCode(secret, e.Console.Staff.Now())
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// Enrolled makes a staff account with role on tenant, logs in, sets up the
// second factor and returns the console client with a complete session.
func (e *Env) Enrolled(tb testing.TB, role, tenant string) (*Client, StaffMember) {
	tb.Helper()
	return e.enrol(tb, e.NewStaff(tb, role, tenant))
}

// EnrolledAffiliate is Enrolled for an affiliate account with scope on
// tenant.
func (e *Env) EnrolledAffiliate(tb testing.TB, tenant string, scope staff.AffiliateScope) (*Client, StaffMember) {
	tb.Helper()
	return e.enrol(tb, e.newStaff(tb, staff.RoleAffiliate, tenant, &scope))
}

func (e *Env) enrol(tb testing.TB, s StaffMember) (*Client, StaffMember) {
	tb.Helper()
	c := e.ConsoleClient(tb)
	c.Do("POST", "/admin/api/login", map[string]string{"email": s.Email, "password": s.Password}).Want(tb, http.StatusOK, "")
	var enrol struct{ Secret, URI string }
	c.Do("POST", "/admin/api/totp", nil).JSON(tb, &enrol)
	s.Secret = enrol.Secret
	c.Do("POST", "/admin/api/totp/confirm", map[string]string{"code": e.StaffCode(tb, enrol.Secret)}).Want(tb, http.StatusOK, "")
	return c, s
}

// Clock is a test clock that moves only when told.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock is a clock stopped at now.
func NewClock() *Clock { return &Clock{now: time.Now()} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Add moves the clock on by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// ConsoleEnv is an engine whose console runs on a clock the test moves
// (second-factor steps, login blocks, session ends, date ranges).
type ConsoleEnv struct {
	*Env
	Clock *Clock
}

// NewConsole is New with the console on a stopped clock.
func NewConsole(tb testing.TB) *ConsoleEnv {
	tb.Helper()
	return OnClock(New(tb), NewClock())
}

// OnClock puts e's console on clock.
func OnClock(e *Env, clock *Clock) *ConsoleEnv {
	e.Console.Staff.Now = clock.Now
	return &ConsoleEnv{Env: e, Clock: clock}
}

// AuditCount is how many audit rows of action staff member staffID has.
func (e *Env) AuditCount(tb testing.TB, staffID int64, action string) int {
	tb.Helper()
	var n int
	if err := e.Pool.QueryRow(context.Background(), "SELECT count(*) FROM audit_log WHERE staff_id = $1 AND action = $2",
		staffID, action).Scan(&n); err != nil {
		tb.Fatal(err)
	}
	return n
}

// AuditOf is the before and after of the newest audit row of action.
func (e *Env) AuditOf(tb testing.TB, action string) (before, after map[string]any) {
	tb.Helper()
	var b, a []byte
	if err := e.Pool.QueryRow(context.Background(),
		"SELECT before, after FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1", action).Scan(&b, &a); err != nil {
		tb.Fatalf("audit %s: %v", action, err)
	}
	if err := json.Unmarshal(b, &before); err != nil {
		tb.Fatal(err)
	}
	if err := json.Unmarshal(a, &after); err != nil {
		tb.Fatal(err)
	}
	return before, after
}

// DateOfBirth is a date of birth age years ago.
func DateOfBirth(age int) string { return time.Now().AddDate(-age, 0, -10).Format(time.DateOnly) }

// HouseProfile is a house profile as the console answers it.
type HouseProfile struct {
	ID        int64
	Name      string
	Age       int
	Gender    string
	Seeking   string
	City      string
	Country   string
	Region    string
	AboutMe   string `json:"about_me"`
	HairColor string `json:"hair_color"`
	Status    string
	MainImage *struct{ URL string } `json:"main_image"`
	Photos    []struct {
		ID     int64
		URL    string
		Status string
	}
}

// HouseAnswer is the console's answer of one house profile.
type HouseAnswer struct {
	HouseProfile HouseProfile `json:"house_profile"`
}

// NewHouse makes a house profile of tenant through the console client c.
func NewHouse(tb testing.TB, c *Client, tenant, name string) HouseProfile {
	tb.Helper()
	res := c.Do("POST", "/admin/api/tenants/"+tenant+"/house", map[string]any{
		"name": name, "gender": "female", "date_of_birth": DateOfBirth(29), "country": "NL", "city": "Utrecht",
		"about_me": "Hoi, ik ben " + name + ".", "hair_color": "blonde",
	})
	res.Want(tb, http.StatusCreated, "")
	var a HouseAnswer
	res.JSON(tb, &a)
	return a.HouseProfile
}

// TestJPEG is a w x h JPEG.
func TestJPEG(tb testing.TB, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y), 90, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// UploadPhoto sends data as the multipart field "photo" to path.
func (c *Client) UploadPhoto(path string, data []byte) Response {
	c.tb.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("photo", "photo.jpg")
	if err != nil {
		c.tb.Fatal(err)
	}
	if _, err := fw.Write(data); err != nil {
		c.tb.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		c.tb.Fatal(err)
	}
	req, err := http.NewRequest("POST", c.env.URL+path, &body)
	if err != nil {
		c.tb.Fatal(err)
	}
	req.Host = c.Host
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.Send(req)
}

// PhotoRow gives the member a photo row in status, as an upload on a
// tenant with photo moderation leaves it (the upload itself is tested in
// engine/profiles).
func (e *Env) PhotoRow(tb testing.TB, memberID int64, status string) int64 {
	tb.Helper()
	var id int64
	err := e.Pool.QueryRow(context.Background(), `INSERT INTO photos (profile_id, filename, thumb_filename, status, position)
		VALUES ($1, 'demo/x.jpg', 'demo/x_t.jpg', $2, 1) RETURNING id`, memberID, status).Scan(&id)
	if err != nil {
		tb.Fatal(err)
	}
	return id
}

// AuditActions is the actions the audit log holds for tenant, oldest
// first, the staff accounts' own aside.
func (e *Env) AuditActions(tb testing.TB, tenant string) []string {
	tb.Helper()
	rows, err := e.Console.Staff.Audit(context.Background(), staff.AuditQuery{Tenant: tenant, Limit: 500})
	if err != nil {
		tb.Fatal(err)
	}
	out := []string{}
	for i := len(rows) - 1; i >= 0; i-- {
		if strings.Contains(rows[i].Action, ".") && !strings.HasPrefix(rows[i].Action, "staff.") {
			out = append(out, rows[i].Action)
		}
	}
	return out
}
