package server_test

import (
	"maps"
	"net/http"
	"regexp"
	"testing"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery"
	"rendezvous/engine/delivery/deliverytest"
	"rendezvous/engine/server/servertest"
)

// No link token and no direct debit code is left in the job queue's
// arguments (river_job.args, and so every backup of it) once the mails and
// the SMS that carry them were sent: activation, password reset, e-mail
// change, reactivation after a deletion request and the direct debit code.
func TestNoSecretInTheJobQueue(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	const host = "localhost"
	secrets := map[string]string{}

	visitor := env.Client(t, host)
	body := maps.Clone(signup)
	body["email"] = "secrets-signup@example.com"
	visitor.Do(http.MethodPost, "/api/signup.php", body).Want(t, http.StatusCreated, "")
	secrets["activation"] = deliverytest.Await(t, env.Pool, "secrets-signup@example.com", delivery.Activation, 0).Token(t)

	resetting := accountstest.NewMember(t, env.Pool, accountstest.Member{})
	env.Client(t, host).Do(http.MethodPost, "/api/reset-password.php", map[string]string{"email": resetting.Email}).
		Want(t, http.StatusNoContent, "")
	secrets["password reset"] = deliverytest.Await(t, env.Pool, resetting.Email, delivery.PasswordReset, 0).Token(t)

	moving, made := env.LoggedIn(t, host, accountstest.Member{})
	moving.Do(http.MethodPut, "/api/account.php", map[string]string{"old_password": made.Password, "email": "secrets-moved@example.com"}).
		Want(t, http.StatusOK, "")
	secrets["e-mail change"] = deliverytest.Await(t, env.Pool, "secrets-moved@example.com", delivery.MailChange, 0).Token(t)

	leaving, left := env.LoggedIn(t, host, accountstest.Member{})
	leaving.Do(http.MethodDelete, "/api/account.php", nil).Want(t, http.StatusAccepted, "")
	secrets["reactivation"] = deliverytest.Await(t, env.Pool, left.Email, delivery.Deletion, 0).Token(t)

	paying, _ := env.LoggedIn(t, host, accountstest.Member{})
	paying.Country = "NL"
	paying.Do(http.MethodPost, "/api/directdebit.php", map[string]any{"package_id": "starter", "waive_withdrawal": true, "iban": "NL91 ABNA 0417 1643 00",
		"holder": "Jan de Vries", "phone": "06 4000 0001"}).Want(t, http.StatusAccepted, "")
	text := deliverytest.Await(t, env.Pool, "+31640000001", "sms", 0).Text
	secrets["direct debit code"] = regexp.MustCompile(`\b[0-9]{6}\b`).FindString(text)

	env.AwaitCount(t, 0, `SELECT count(*) FROM river_job WHERE kind IN ('notify_send_mail', 'notify_send_sms') AND state <> 'completed'`)
	for what, secret := range secrets {
		if len(secret) < 6 {
			t.Fatalf("no %s secret: %q", what, secret)
		}
		var n int
		if err := env.Pool.QueryRow(t.Context(), "SELECT count(*) FROM river_job WHERE strpos(args::text, $1) > 0", secret).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("the %s's secret is in the arguments of %d jobs", what, n)
		}
	}
	var held int
	if err := env.Pool.QueryRow(t.Context(), "SELECT count(*) FROM held_messages").Scan(&held); err != nil {
		t.Fatal(err)
	}
	if held != 0 {
		t.Errorf("%d sent messages are still held", held)
	}
}
