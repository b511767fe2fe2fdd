package billing_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// retentionOffer is GET retention.php's answer.
type retentionOffer struct {
	Offered         bool
	Taken           bool
	ValuePercentage int `json:"value_percentage"`
	ValidDays       int `json:"valid_days"`
}

func offerOf(t *testing.T, c *servertest.Client) retentionOffer {
	t.Helper()
	res := c.Do(http.MethodGet, "/api/retention.php", nil)
	res.Want(t, http.StatusOK, "")
	var o retentionOffer
	res.JSON(t, &o)
	return o
}

// retentionCodes counts a member's retention codes.
func retentionCodes(t *testing.T, env *servertest.Env, member int64) int {
	t.Helper()
	var n int
	if err := env.Pool.QueryRow(context.Background(), "SELECT count(*) FROM discount_codes WHERE member_id = $1 AND kind = 'retention'", member).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestRetentionOffer: LustLokaal's company offers 50% to stay. Taking it
// issues one personal code for 30 days, bound to the member, used once
// through the sandbox checkout; a second request is refused and issues
// nothing.
func TestRetentionOffer(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Country = "NL"

	if o := offerOf(t, member); o != (retentionOffer{Offered: true, ValuePercentage: 50, ValidDays: 30}) {
		t.Fatalf("offer %+v", o)
	}
	res := member.Do(http.MethodPost, "/api/retention.php", nil)
	res.Want(t, http.StatusCreated, "")
	var code codeView
	res.JSON(t, &code)
	if code.ValuePercentage != 50 || code.UserID == nil || *code.UserID != made.ID || code.Status != "active" || code.Expires == nil ||
		time.Until(*code.Expires) < 29*24*time.Hour || time.Until(*code.Expires) > 30*24*time.Hour {
		t.Fatalf("code %+v", code)
	}

	// Once per member: the offer is gone and a second request issues nothing.
	if o := offerOf(t, member); o != (retentionOffer{Taken: true}) {
		t.Fatalf("offer after taking it %+v", o)
	}
	member.Do(http.MethodPost, "/api/retention.php", nil).Want(t, http.StatusConflict, "retention_offer_taken")
	if n := retentionCodes(t, env, made.ID); n != 1 {
		t.Fatalf("%d retention codes", n)
	}

	// Bound to the member: another member of the brand cannot see or use it.
	other, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	other.Country = "NL"
	other.Do(http.MethodGet, "/api/discountcode.php?code="+code.Code, nil).Want(t, http.StatusNotFound, "code_not_found")
	other.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": code.Code}).
		Want(t, http.StatusNotFound, "code_not_found")

	// Redeemed once through the checkout: 39.95 less 50% is 19.975, 19.98.
	member.Do(http.MethodGet, "/api/discountcode.php?code="+code.Code, nil).Want(t, http.StatusOK, "")
	co := order(t, member, map[string]any{"package_id": "popular", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": code.Code})
	if amount, _ := sandboxAmount(t, env, co); amount != 1998 {
		t.Fatalf("charged %d", amount)
	}
	decide(t, member, env, co, "paid")
	awaitStatus(t, member, co.PaymentID, "completed")
	wantBooked(t, env, made.ID, 250, 1, true)
	member.Do(http.MethodGet, "/api/discountcode.php?code="+code.Code, nil).Want(t, http.StatusConflict, "code_used")
	member.Do(http.MethodPost, "/api/orders.php", map[string]any{"package_id": "value", "waive_withdrawal": true, "paymentmethod": "ideal", "discount_code": code.Code}).
		Want(t, http.StatusConflict, "code_used")
}

// TestRetentionOfferParallel: of parallel requests one issues the code and
// the others are refused.
func TestRetentionOfferParallel(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	offerOf(t, member)
	const n = 12
	results := make([]servertest.Response, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = member.Do(http.MethodPost, "/api/retention.php", nil)
		}()
	}
	wg.Wait()
	issued := 0
	for _, res := range results {
		switch res.Status {
		case http.StatusCreated:
			issued++
		case http.StatusConflict:
			res.Want(t, http.StatusConflict, "retention_offer_taken")
		default:
			t.Fatalf("status %d: %s", res.Status, res.Body)
		}
	}
	if issued != 1 || retentionCodes(t, env, made.ID) != 1 {
		t.Fatalf("%d answers issued a code, %d codes stored", issued, retentionCodes(t, env, made.ID))
	}
}

// TestRetentionOfferPerBrand: Spark's company (delete_discount 0) makes no
// offer; Herzklopfen's makes its own (30%); a code of one brand is nothing
// on another, and taking one brand's offer leaves the other's.
func TestRetentionOfferPerBrand(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	spark, sparkMember := env.LoggedIn(t, "us.localhost", accountstest.Member{TenantSlug: "sparkusa"})
	if o := offerOf(t, spark); o != (retentionOffer{}) {
		t.Fatalf("Spark offers %+v", o)
	}
	spark.Do(http.MethodPost, "/api/retention.php", nil).Want(t, http.StatusNotFound, "retention_offer_none")
	if n := retentionCodes(t, env, sparkMember.ID); n != 0 {
		t.Fatalf("%d codes issued without an offer", n)
	}

	herz, _ := env.LoggedIn(t, "de.localhost", accountstest.Member{TenantSlug: "herzklopfen"})
	if o := offerOf(t, herz); o != (retentionOffer{Offered: true, ValuePercentage: 30, ValidDays: 30}) {
		t.Fatalf("Herzklopfen offers %+v", o)
	}
	lokaal, _ := env.LoggedIn(t, "localhost", accountstest.Member{})
	offerOf(t, lokaal)
	res := lokaal.Do(http.MethodPost, "/api/retention.php", nil)
	res.Want(t, http.StatusCreated, "")
	var code codeView
	res.JSON(t, &code)
	herz.Do(http.MethodGet, "/api/discountcode.php?code="+code.Code, nil).Want(t, http.StatusNotFound, "code_not_found")
	if o := offerOf(t, herz); !o.Offered {
		t.Fatalf("Herzklopfen's offer after LustLokaal's was taken: %+v", o)
	}
	herz.Do(http.MethodPost, "/api/retention.php", nil).Want(t, http.StatusCreated, "")
}

// TestRetentionOfferOnlyFromTheDeletionScreen: the code goes to a member who
// opened the deletion screen (which asks for the offer) in the past 30
// minutes, not to whoever posts retention.php.
func TestRetentionOfferOnlyFromTheDeletionScreen(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	member, made := env.LoggedIn(t, "localhost", accountstest.Member{})
	member.Do(http.MethodPost, "/api/retention.php", nil).Want(t, http.StatusConflict, "deletion_not_started")
	offerOf(t, member)
	env.Exec(t, "UPDATE retention_asks SET asked_at = now() - interval '31 minutes' WHERE member_id = $1", made.ID)
	member.Do(http.MethodPost, "/api/retention.php", nil).Want(t, http.StatusConflict, "deletion_not_started")
	if n := retentionCodes(t, env, made.ID); n != 0 {
		t.Fatalf("%d codes issued without the deletion screen", n)
	}
	offerOf(t, member)
	member.Do(http.MethodPost, "/api/retention.php", nil).Want(t, http.StatusCreated, "")
}
