package staff

import (
	"crypto/subtle"
	"fmt"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// The second factor: TOTP (RFC 6238) with the parameters every
// authenticator app understands: SHA-1, six digits, 30-second steps. A code
// of the step before or after also counts (clocks drift), and each step's
// code is accepted once.
const (
	totpPeriod = 30
	totpSkew   = 1
	totpIssuer = "Rendezvous console"
)

var totpOpts = totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// newTOTPKey makes a fresh secret for email and its otpauth:// URI.
func newTOTPKey(email string) (secret, uri string, err error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: totpIssuer, AccountName: email, Period: totpPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return "", "", fmt.Errorf("make a TOTP secret: %w", err)
	}
	return key.Secret(), key.URL(), nil
}

// totpStep finds the time step whose code is code, within the allowed skew
// around now; ok is false when no step's code matches.
func totpStep(secret, code string, now time.Time) (step int64, ok bool) {
	if len(code) != 6 {
		return 0, false
	}
	current := now.Unix() / totpPeriod
	for s := current - totpSkew; s <= current+totpSkew; s++ {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(s*totpPeriod, 0), totpOpts)
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s, true
		}
	}
	return 0, false
}

// TOTPCode is the code of secret at t, as an authenticator app shows it;
// tests and the demo use it.
func TOTPCode(secret string, t time.Time) (string, error) {
	return totp.GenerateCodeCustom(secret, t, totpOpts)
}
