package config

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is everything the engine is told at start.
type Config struct {
	Addr string
	// DataDir holds the private PostgreSQL cluster and local media.
	DataDir string
	// DatabaseURL, when set, replaces the private cluster.
	DatabaseURL string
	// DatabaseReadURL (DATABASE_READ_URL), when set, is a read replica of
	// DatabaseURL: the reads that tolerate lag (search, another member's
	// profile, the home page's and landers' teasers) go there, so the
	// primary keeps its connections for writes. Empty sends every read to
	// the primary.
	DatabaseReadURL string
	// TenantsDir holds the install's tenant files; "" is the default
	// (TenantFiles).
	TenantsDir string
	// ThemesDir holds the install's own themes beside the embedded ones;
	// "" is the default (ThemeFiles).
	ThemesDir string
	Demo      bool
	// DevCountryOverride lets the rdv_country cookie set a visitor's country.
	DevCountryOverride bool
	TrustedProxies     []netip.Prefix
	CountryHeader      string
	// SecureCookies marks cookies Secure and makes mailed links https://
	// (SECURE_COOKIES): on unless the engine listens on a loopback address
	// or a localhost name (secureCookies).
	SecureCookies bool
	LogFormat     string
	LogLevel      slog.Level
	ShutdownGrace time.Duration
	// S3 is the bucket photos are kept in; with no S3_ENDPOINT they stay on
	// local disk under DataDir/media.
	S3 S3
	// SMTPURL is the mail server (smtp:// or smtps://).
	SMTPURL string
	// DevMailbox keeps every mail in the development mailbox at
	// /dev/mailbox instead of sending it, and lets the mail hooks be called
	// without a secret; development and demo only (--demo implies it), as
	// anyone can read the mailbox.
	DevMailbox bool
	// MailDisabled drops every mail with a log line: the explicit choice of
	// an install without SMTP.
	MailDisabled bool
	// MailFrom is the sender address of mails; empty is noreply@ the
	// tenant's primary host.
	MailFrom string
	// WebDir, when set, serves the web bundle from this folder instead of the
	// one built into the binary: a fresh `vite build` without a Go rebuild.
	WebDir string
	// OpsAddr, when set, is a second listen address serving /metrics,
	// /healthz and /readyz without authentication: keep it private.
	OpsAddr string
	// MetricsToken, when set, opens /metrics on the public address to
	// requests with "Authorization: Bearer <token>"; without it /metrics
	// is only on OpsAddr.
	MetricsToken string
	// PublicPort is the port mailed links carry (PUBLIC_PORT); empty is
	// the scheme's default, or in development mode the listening port.
	PublicPort string
	// LiveMaxStreams is how many event streams (GET /api/events) one
	// member may hold open on one instance; 0 is the default (5).
	LiveMaxStreams int
	// MailWebhookSecret authenticates the mail provider's bounce and
	// complaint webhooks (Authorization: Bearer).
	MailWebhookSecret string
	// PaymentSandbox enables the embedded sandbox payment provider, whose
	// checkout page hands out credits for nothing: development and demo
	// only (--demo implies it). Without it, orders of a tenant whose
	// provider is the sandbox answer payments_unavailable.
	PaymentSandbox bool
	// MollieBaseURL is Mollie's API root (MOLLIE_API_URL); empty is
	// https://api.mollie.com/v2. For a proxy, or a local Mollie in tests.
	MollieBaseURL string
	// LookupEnv reads the environment variables tenant files name for
	// their secrets (a billing section's api_key_env, which holds a Mollie
	// key); nil is the process environment (os.LookupEnv). Tests give
	// their own.
	LookupEnv func(string) (string, bool)
	// RateLimits overrides abuse limits (engine/limits):
	// "signup=200/1h,message=1000/1m"; empty keeps the defaults.
	RateLimits string
	// SMS is the SMS gateway that texts direct debit codes (TWILIO_*);
	// without one, codes go to the development mailbox in development
	// mode and direct debit is off otherwise.
	SMS SMS
	// AdminHosts are the hosts of the operators' console (ADMIN_HOSTS,
	// comma-separated); --demo adds admin.localhost. A console host serves
	// only the console, never a member site.
	AdminHosts []string
}

// DemoAdminHost is the console's host in the demo.
const DemoAdminHost = "admin.localhost"

// SMS configures the Twilio SMS gateway (TWILIO_* variables); it is on
// when AccountSID is set.
type SMS struct {
	AccountSID          string
	AuthToken           string
	From                string
	MessagingServiceSID string
	// BaseURL is Twilio's API root (TWILIO_API_URL); empty is
	// https://api.twilio.com. For a proxy, or a local Twilio in tests.
	BaseURL string
}

// S3 is where an S3-compatible bucket is (S3_* variables).
type S3 struct {
	Endpoint  string
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string
	UseSSL    bool
}

// Flags registers the serve flags on fs with defaults from the environment.
func Flags(fs *flag.FlagSet) *Config {
	c := &Config{}
	fs.StringVar(&c.Addr, "addr", env("ADDR", "127.0.0.1:8080"), "address to listen on (ADDR)")
	fs.StringVar(&c.DataDir, "data", env("DATA_DIR", "./var"), "data directory: private PostgreSQL and local media (DATA_DIR)")
	fs.StringVar(&c.OpsAddr, "ops-addr", env("OPS_ADDR", ""), "private operations address serving /metrics, /healthz and /readyz (OPS_ADDR), e.g. 127.0.0.1:9090")
	tenantsFlag(fs, c)
	fs.BoolVar(&c.Demo, "demo", env("DEMO", "") == "1", "add the demo brands, demo members, photos, likes and conversations (DEMO=1)")
	fs.BoolVar(&c.DevMailbox, "dev-mailbox", env("DEV_MAILBOX", "") == "1", "keep mail in the public development mailbox at /dev/mailbox instead of sending it (DEV_MAILBOX=1); development only, --demo implies it")
	fs.BoolVar(&c.PaymentSandbox, "payment-sandbox", env("PAYMENT_SANDBOX", "") == "1", "enable the sandbox payment provider, whose checkout page gives credits for nothing (PAYMENT_SANDBOX=1); development only, --demo implies it")
	fs.BoolVar(&c.DevCountryOverride, "dev-country-override", env("DEV_COUNTRY_OVERRIDE", "") == "1", "let the rdv_country cookie set the visitor's country; for tests only")
	fs.StringVar(&c.WebDir, "web-dir", env("WEB_DIR", ""), "serve the web bundle from this folder instead of the built-in one (WEB_DIR); for development")
	fs.DurationVar(&c.ShutdownGrace, "shutdown-grace", shutdownGrace(), "time running requests get to finish on shutdown (SHUTDOWN_GRACE)")
	return c
}

// DataFlags registers only the flags commands other than serve need.
func DataFlags(fs *flag.FlagSet) *Config {
	c := &Config{}
	fs.StringVar(&c.DataDir, "data", env("DATA_DIR", "./var"), "data directory (DATA_DIR)")
	return c
}

// TenantsFlags registers the data flags, --tenants and --themes, for commands that
// import tenant files.
func TenantsFlags(fs *flag.FlagSet) *Config {
	c := DataFlags(fs)
	tenantsFlag(fs, c)
	return c
}

// tenantsFlag registers --tenants and --themes: a brand file names one of
// the themes, so whatever imports brand files reads both.
func tenantsFlag(fs *flag.FlagSet, c *Config) {
	fs.StringVar(&c.TenantsDir, "tenants", env("TENANTS_DIR", ""), "directory of the tenant files (*.yaml) imported at start (TENANTS_DIR); default: tenants next to the data directory")
	fs.StringVar(&c.ThemesDir, "themes", env("THEMES_DIR", ""), "directory of the install's themes (one folder each: theme.json, logo.svg, icon.svg) served beside the built-in ones (THEMES_DIR); default: themes next to the data directory")
}

// TenantFiles is the directory of the tenant files and whether it was
// given: --tenants, TENANTS_DIR, or else the folder tenants next to the data
// directory (./tenants for --data ./var), which may be missing.
func (c *Config) TenantFiles() (dir string, given bool) {
	if c.TenantsDir != "" {
		return c.TenantsDir, true
	}
	return filepath.Join(filepath.Dir(filepath.Clean(c.DataDir)), "tenants"), false
}

// ThemeFiles is the directory of the install's themes and whether it was
// given: --themes, THEMES_DIR, or else the folder themes next to the data
// directory, which may be missing (the built-in themes only).
func (c *Config) ThemeFiles() (dir string, given bool) {
	if c.ThemesDir != "" {
		return c.ThemesDir, true
	}
	return filepath.Join(filepath.Dir(filepath.Clean(c.DataDir)), "themes"), false
}

// FromEnv fills the settings that only the environment gives.
func (c *Config) FromEnv() error {
	c.DatabaseURL = os.Getenv("DATABASE_URL")
	c.DatabaseReadURL = os.Getenv("DATABASE_READ_URL")
	if c.DatabaseReadURL != "" && c.DatabaseURL == "" {
		// The private cluster has no replica: reads sent elsewhere would
		// see another database.
		return errors.New("DATABASE_READ_URL needs DATABASE_URL: a read replica is a replica of the primary DATABASE_URL names")
	}
	c.CountryHeader = os.Getenv("COUNTRY_HEADER")
	secure, err := secureCookies(os.Getenv("SECURE_COOKIES"), c.Addr)
	if err != nil {
		return err
	}
	c.SecureCookies = secure
	c.S3 = S3{Endpoint: os.Getenv("S3_ENDPOINT"), Bucket: os.Getenv("S3_BUCKET"), AccessKey: os.Getenv("S3_ACCESS_KEY"),
		SecretKey: os.Getenv("S3_SECRET_KEY"), Region: os.Getenv("S3_REGION"), UseSSL: env("S3_USE_SSL", "1") == "1"}
	c.SMTPURL = os.Getenv("SMTP_URL")
	c.MailFrom = os.Getenv("MAIL_FROM")
	c.MailWebhookSecret = os.Getenv("MAIL_WEBHOOK_SECRET")
	c.RateLimits = os.Getenv("RATE_LIMITS")
	c.MollieBaseURL = os.Getenv("MOLLIE_API_URL")
	if u, err := url.Parse(c.MollieBaseURL); c.MollieBaseURL != "" && (err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "") {
		return fmt.Errorf("MOLLIE_API_URL: %q is not an http(s) URL", c.MollieBaseURL)
	}
	c.MailDisabled = os.Getenv("MAIL_DISABLED") == "1"
	c.SMS = SMS{AccountSID: os.Getenv("TWILIO_ACCOUNT_SID"), AuthToken: os.Getenv("TWILIO_AUTH_TOKEN"), From: os.Getenv("TWILIO_FROM"),
		MessagingServiceSID: os.Getenv("TWILIO_MESSAGING_SERVICE_SID"), BaseURL: os.Getenv("TWILIO_API_URL")}
	c.MetricsToken = os.Getenv("METRICS_TOKEN")
	c.PublicPort = os.Getenv("PUBLIC_PORT")
	if _, err := strconv.ParseUint(c.PublicPort, 10, 16); c.PublicPort != "" && err != nil {
		return fmt.Errorf("PUBLIC_PORT: %q is not a port", c.PublicPort)
	}
	if v := os.Getenv("LIVE_MAX_STREAMS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("LIVE_MAX_STREAMS: %q is not a positive number", v)
		}
		c.LiveMaxStreams = n
	}
	for _, h := range strings.FieldsFunc(os.Getenv("ADMIN_HOSTS"), func(r rune) bool { return r == ',' || r == ' ' }) {
		c.AdminHosts = append(c.AdminHosts, strings.ToLower(h))
	}
	if c.Demo {
		c.DevMailbox = true
		c.PaymentSandbox = true
		c.AdminHosts = append(c.AdminHosts, DemoAdminHost)
	}
	if v := os.Getenv("SHUTDOWN_GRACE"); v != "" {
		if d, err := time.ParseDuration(v); err != nil || d <= 0 {
			return fmt.Errorf("SHUTDOWN_GRACE: %q is not a positive duration such as 15s", v)
		}
	}
	c.LogFormat = env("LOG_FORMAT", "text")
	if err := c.LogLevel.UnmarshalText([]byte(env("LOG_LEVEL", "info"))); err != nil {
		return fmt.Errorf("LOG_LEVEL: %w", err)
	}
	for _, p := range strings.Fields(strings.ReplaceAll(os.Getenv("TRUSTED_PROXIES"), ",", " ")) {
		prefix, err := netip.ParsePrefix(p)
		if err != nil {
			addr, aerr := netip.ParseAddr(p)
			if aerr != nil {
				return fmt.Errorf("TRUSTED_PROXIES: %q is neither a CIDR nor an address", p)
			}
			prefix = netip.PrefixFrom(addr, addr.BitLen())
		}
		c.TrustedProxies = append(c.TrustedProxies, prefix)
	}
	return nil
}

// ErrNoMail is the start-up error of an engine told neither how to send
// mail nor that it may keep or drop it.
var ErrNoMail = errors.New("no mail delivery configured: set SMTP_URL, or MAIL_DISABLED=1 to drop every mail, " +
	"or --dev-mailbox (DEV_MAILBOX=1, implied by --demo) to keep mail in the public development mailbox")

// CheckMail reports ErrNoMail unless mail has somewhere to go: an SMTP
// server, the development mailbox, or explicitly nowhere.
func (c *Config) CheckMail() error {
	if c.SMTPURL == "" && !c.DevMailbox && !c.MailDisabled {
		return ErrNoMail
	}
	return nil
}

// Logger builds the process logger.
func (c *Config) Logger() *slog.Logger {
	opts := &slog.HandlerOptions{Level: c.LogLevel}
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, opts))
}

// defaultShutdownGrace is how long running requests get to finish when
// neither --shutdown-grace nor SHUTDOWN_GRACE says otherwise.
const defaultShutdownGrace = 15 * time.Second

// shutdownGrace is --shutdown-grace's default: SHUTDOWN_GRACE when it is a
// positive duration. Another value keeps the default here and stops the
// start in FromEnv, which can report it.
func shutdownGrace() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("SHUTDOWN_GRACE")); err == nil && d > 0 {
		return d
	}
	return defaultShutdownGrace
}

func env(key, fallback string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return fallback
}

// secureCookies decides SECURE_COOKIES: 1 or 0 as set; unset, cookies are
// Secure unless the engine listens on addr, a loopback address or a
// localhost name, where it serves plain http to a browser on the same
// machine (make run, the browser tests): a Secure cookie never comes back
// over http from a host that is not localhost, so nobody could log in. An
// install that listens on loopback behind an HTTPS proxy on the same
// machine sets SECURE_COOKIES=1.
func secureCookies(setting, addr string) (bool, error) {
	switch setting {
	case "1":
		return true, nil
	case "0":
		return false, nil
	case "":
		return !localAddr(addr), nil
	}
	return false, fmt.Errorf("SECURE_COOKIES: %q is neither 1 nor 0", setting)
}

// localAddr reports whether the listen address addr (host:port) is on
// this machine only: a loopback address, localhost or a *.localhost name.
// An empty host (":8080") listens on every interface.
func localAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}
