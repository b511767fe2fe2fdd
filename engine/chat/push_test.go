package chat_test

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/accounts/accountstest"
	"rendezvous/engine/delivery/push"
	"rendezvous/engine/server/servertest"
)

// browser is a push subscription's private side, as a browser keeps it.
type browser struct {
	key  *ecdh.PrivateKey
	auth []byte
}

func newBrowser(t *testing.T) browser {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	return browser{key: key, auth: auth}
}

func (b browser) p256dh() string {
	return base64.RawURLEncoding.EncodeToString(b.key.PublicKey().Bytes())
}

// decrypt opens an aes128gcm push body (RFC 8188 framing, RFC 8291 keys).
func (b browser) decrypt(t *testing.T, body []byte) []byte {
	t.Helper()
	if len(body) < 21 {
		t.Fatalf("push body of %d bytes", len(body))
	}
	salt, idlen := body[:16], int(body[20])
	serverKey, ct := body[21:21+idlen], body[21+idlen:]
	pub, err := ecdh.P256().NewPublicKey(serverKey)
	if err != nil {
		t.Fatalf("server key: %v", err)
	}
	shared, err := b.key.ECDH(pub)
	if err != nil {
		t.Fatal(err)
	}
	must := func(out []byte, err error) []byte {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	prkKey := must(hkdf.Extract(sha256.New, shared, b.auth))
	keyInfo := "WebPush: info\x00" + string(b.key.PublicKey().Bytes()) + string(serverKey)
	ikm := must(hkdf.Expand(sha256.New, prkKey, keyInfo, 32))
	prk := must(hkdf.Extract(sha256.New, ikm, salt))
	cek := must(hkdf.Expand(sha256.New, prk, "Content-Encoding: aes128gcm\x00", 16))
	nonce := must(hkdf.Expand(sha256.New, prk, "Content-Encoding: nonce\x00", 12))
	block, err := aes.NewCipher(cek)
	if err != nil {
		t.Fatal(err)
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := gcm.Open(nil, nonce, ct, nil)
	if err != nil {
		t.Fatalf("decrypt: %v", err)
	}
	// The last record ends with the delimiter 0x02 and zero padding.
	plain = []byte(strings.TrimRight(string(plain), "\x00"))
	if len(plain) == 0 || plain[len(plain)-1] != 2 {
		t.Fatal("no padding delimiter")
	}
	return plain[:len(plain)-1]
}

// verifyVAPID checks the Authorization header: signed (ES256) by the key it
// names, which must be the tenant's public key, for the push service's
// origin.
func verifyVAPID(t *testing.T, header, tenantKey, audience string) {
	t.Helper()
	var token, k string
	for _, part := range strings.Split(strings.TrimPrefix(header, "vapid "), ",") {
		part = strings.TrimSpace(part)
		if v, ok := strings.CutPrefix(part, "t="); ok {
			token = v
		}
		if v, ok := strings.CutPrefix(part, "k="); ok {
			k = v
		}
	}
	if k != tenantKey {
		t.Fatalf("VAPID key %q is not the tenant's %q", k, tenantKey)
	}
	raw, err := base64.RawURLEncoding.DecodeString(k)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("JWT %q", token)
	}
	sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if len(sig) != 64 || !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		t.Fatal("VAPID signature does not verify")
	}
	claims, _ := base64.RawURLEncoding.DecodeString(parts[1])
	var c struct{ Aud, Sub string }
	_ = json.Unmarshal(claims, &c)
	if c.Aud != audience || !strings.HasPrefix(c.Sub, "mailto:") {
		t.Fatalf("claims %s", claims)
	}
}

// A member who is not connected gets a web push for a new message,
// encrypted for their browser and signed with the tenant's VAPID key; a
// subscription the push service calls gone is removed.
func TestPushForOfflineRecipient(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	type delivery struct {
		body []byte
		auth string
		ttl  string
	}
	got := make(chan delivery, 4)
	pushService := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/gone" {
			w.WriteHeader(http.StatusGone)
			return
		}
		b, _ := io.ReadAll(r.Body)
		if r.Header.Get("Content-Encoding") != "aes128gcm" {
			t.Errorf("content encoding %q", r.Header.Get("Content-Encoding"))
		}
		got <- delivery{body: b, auth: r.Header.Get("Authorization"), ttl: r.Header.Get("TTL")}
		w.WriteHeader(http.StatusCreated)
	}))
	t.Cleanup(pushService.Close)

	a := newMember(t, env, accountstest.Member{Credits: 100, Name: "Anton"})
	b := newMember(t, env, accountstest.Member{Gender: "female", Seeking: "male"})
	br := newBrowser(t)
	env.Exec(t, `INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4), ($1, $5, $3, $4)`,
		b.ID, pushService.URL+"/live", br.p256dh(), base64.RawURLEncoding.EncodeToString(br.auth), pushService.URL+"/gone")

	conv := a.mustSend(t, map[string]any{"profile_id": b.ID, "text": "Are you there?"}).Message.ConversationID
	var d delivery
	select {
	case d = <-got:
	case <-time.After(20 * time.Second):
		t.Fatal("no push arrived")
	}
	var p push.Payload
	if err := json.Unmarshal(br.decrypt(t, d.body), &p); err != nil {
		t.Fatal(err)
	}
	want := push.Payload{Type: push.TypeNewConversations, Title: "Anton", Body: "Are you there?",
		URL: fmt.Sprintf("/chats/%d", conv), Tag: fmt.Sprintf("chat-%d", conv)}
	if p != want {
		t.Fatalf("payload %+v, want %+v", p, want)
	}
	var vapidKey string
	if err := env.Pool.QueryRow(t.Context(), "SELECT vapid_public_key FROM tenants WHERE id = $1", b.TenantID).Scan(&vapidKey); err != nil {
		t.Fatal(err)
	}
	verifyVAPID(t, d.auth, vapidKey, pushService.URL)
	if d.ttl == "" || d.ttl == "0" {
		t.Fatalf("TTL %q", d.ttl)
	}
	// The job finishes after the gone subscription is dropped.
	deadline := time.Now().Add(20 * time.Second)
	for {
		var n int
		if err := env.Pool.QueryRow(t.Context(), "SELECT count(*) FROM push_subscriptions WHERE member_id = $1", b.ID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d subscriptions left", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
