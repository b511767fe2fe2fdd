package chat_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/server/servertest"
)

// The message written on a profile's signup page is sent by a job queued
// in the signup's own transaction, so it survives the process stopping
// right after the commit, and sending it twice sends and charges it once.
func TestSignupMessageIsAJobOfTheSignup(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env := servertest.NewIdle(t)
	profile := accountstest.NewMember(t, env.Pool, accountstest.Member{Name: "Lotte", Gender: "female", Seeking: "male"})
	email := fmt.Sprintf("signup-message-%d@example.com", time.Now().UnixNano())
	res := env.Client(t, host).Do(http.MethodPost, "/api/signup.php", map[string]any{
		"email": email, "name": "Sanne", "date_of_birth": "1995-04-12", "password": "secret123",
		"gender": "male", "seeking": "female", "orientation_consent": true, "profile_id": profile.ID, "signup_message": "Hoi Lotte!",
	})
	res.Want(t, http.StatusCreated, "")
	var memberID int64
	if err := env.Pool.QueryRow(ctx, "SELECT id FROM members WHERE email = $1", email).Scan(&memberID); err != nil {
		t.Fatal(err)
	}

	// No worker ran: the job is there, written by the member's transaction
	// (the same xmin), and nothing was sent yet.
	var jobID int64
	var state string
	var sameTx bool
	err := env.Pool.QueryRow(ctx, `SELECT j.id, j.state, j.xmin = m.xmin FROM river_job j, members m
		WHERE j.kind = 'signup_message' AND (j.args->>'member_id')::bigint = m.id AND m.id = $1`, memberID).
		Scan(&jobID, &state, &sameTx)
	if err != nil {
		t.Fatalf("the signup queued no signup_message job: %v", err)
	}
	if state != "available" || !sameTx {
		t.Fatalf("job state %s, in the signup's transaction %v", state, sameTx)
	}
	messages := func() (sent, charged int) {
		t.Helper()
		if err := env.Pool.QueryRow(ctx, `SELECT
			(SELECT count(*) FROM messages m JOIN conversation_members cm ON cm.conversation_id = m.conversation_id
				WHERE m.sender_id = $1 AND m.body = 'Hoi Lotte!' AND cm.member_id = $2),
			(SELECT count(*) FROM ledger WHERE member_id = $1 AND delta < 0)`, memberID, profile.ID).Scan(&sent, &charged); err != nil {
			t.Fatal(err)
		}
		return sent, charged
	}
	if sent, charged := messages(); sent != 0 || charged != 0 {
		t.Fatalf("before the job ran: %d messages, %d charges", sent, charged)
	}

	// The worker runs, and runs again (a retry after a lost acknowledgement).
	if err := env.Jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = env.Jobs.Stop(context.Background()) })
	awaitJob := func(attempt int) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			job, err := env.Jobs.JobGet(ctx, jobID)
			if err != nil {
				t.Fatal(err)
			}
			if job.State == "completed" && job.Attempt == attempt {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("job %s after attempt %d, errors %v", job.State, job.Attempt, job.Errors)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	awaitJob(1)
	if _, err := env.Jobs.JobRetry(ctx, jobID); err != nil {
		t.Fatal(err)
	}
	awaitJob(2)
	if sent, charged := messages(); sent != 1 || charged != 1 {
		t.Fatalf("after two runs: %d messages, %d charges; want one of each", sent, charged)
	}
}

// A signup message the chat rules refuse (the profile went invisible) is
// not sent, and the job ends instead of retrying; the signup stands.
func TestRefusedSignupMessageEndsTheJob(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	env := servertest.New(t)
	profile := accountstest.NewMember(t, env.Pool, accountstest.Member{Gender: "female", Seeking: "male"})
	email := fmt.Sprintf("signup-refused-%d@example.com", time.Now().UnixNano())
	// Invisible after the signup page was opened.
	if _, err := env.Pool.Exec(ctx, "UPDATE profiles SET invisible = true WHERE id = $1", profile.ID); err != nil {
		t.Fatal(err)
	}
	env.Client(t, host).Do(http.MethodPost, "/api/signup.php", map[string]any{
		"email": email, "name": "Sanne", "date_of_birth": "1995-04-12", "password": "secret123",
		"gender": "male", "seeking": "female", "orientation_consent": true, "profile_id": profile.ID, "signup_message": "Hoi!",
	}).Want(t, http.StatusCreated, "")
	deadline := time.Now().Add(10 * time.Second)
	for {
		var state string
		var attempt int
		err := env.Pool.QueryRow(ctx, `SELECT j.state, j.attempt FROM river_job j JOIN members m ON m.id = (j.args->>'member_id')::bigint
			WHERE j.kind = 'signup_message' AND m.email = $1`, email).Scan(&state, &attempt)
		if err != nil {
			t.Fatal(err)
		}
		if state == "completed" {
			if attempt != 1 {
				t.Fatalf("completed after %d attempts", attempt)
			}
			break
		}
		if state == "retryable" || time.Now().After(deadline) {
			t.Fatalf("job %s after %d attempts, want completed once", state, attempt)
		}
		time.Sleep(10 * time.Millisecond)
	}
	var sent int
	if err := env.Pool.QueryRow(ctx, `SELECT count(*) FROM messages m JOIN members s ON s.id = m.sender_id WHERE s.email = $1`, email).Scan(&sent); err != nil {
		t.Fatal(err)
	}
	if sent != 0 {
		t.Fatalf("%d messages sent to an invisible profile", sent)
	}
}
