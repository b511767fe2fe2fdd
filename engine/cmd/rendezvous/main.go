package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

const usage = `rendezvous: a multi-tenant engine for dating and chat sites

Commands:
  serve [--addr 127.0.0.1:8080] [--data ./var] [--demo]   serve every tenant
  tenants list [--data ./var]                             one line per tenant: slug, primary host, name
  tenants import [--data ./var] [--themes DIR] [--overwrite]   import tenants/ (existing ones only with --overwrite)
  demo generate [--data ./var] --profiles N [--tenant slug]   add N generated profiles (COPY) for benchmarks
  staff create [--data ./var] --email addr --role R [--tenant slug] [--password-stdin]
               [--network N [--refs r1,r2] [--revenue-share PCT]]   (an affiliate: role affiliate)
                                                          a console account (prints a one-time password)
  billing invoices [--data ./var] --tenant slug [--month YYYY-MM]   one line per invoice: number, date, order, amount, currency, buyer
  billing refund [--data ./var] --order ID --reason TEXT   refund a completed order within the tenant's refund_days
  billing dd-block [--data ./var] --member ID [--reason TEXT] [--unblock]   block (unblock) a member from direct debit
  notify promotion|news [--data ./var] --tenant slug --key NAME --text TEXT [--path /credits]
                                                          mail a promotion or news to the tenant's members (once per key)
  report traffic [--data ./var] --tenant slug [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]
                                                          visits, signups, activations, first purchases, revenue per traffic source
  backup [--data ./var] --to FILE                         database and local media in one file, also while serving
  restore --data NEWDIR --from FILE                       a backup into a new, empty data directory
  version [--json]                                        the build: version, commit, build date, Go version
  healthcheck [--addr 127.0.0.1:8080]                     exit 0 when the engine on --addr (ADDR) answers /healthz

Run "rendezvous <command> -h" for a command's flags.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "rendezvous:", err)
		}
		os.Exit(1)
	}
}

// run is the command line with the process's standard input.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runWith(ctx, args, os.Stdin, stdout, stderr)
}

func runWith(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return flag.ErrHelp
	}
	switch args[0] {
	case "serve":
		return serve(ctx, args[1:], stdout, stderr)
	case "tenants":
		if len(args) < 2 {
			fmt.Fprint(stderr, usage)
			return flag.ErrHelp
		}
		switch args[1] {
		case "list":
			return tenantsList(ctx, args[2:], stdout, stderr)
		case "import":
			return tenantsImport(ctx, args[2:], stdout, stderr)
		}
	case "demo":
		if len(args) >= 2 && args[1] == "generate" {
			return demoGenerate(ctx, args[2:], stdout, stderr)
		}
		fmt.Fprint(stderr, usage)
		return flag.ErrHelp
	case "staff":
		if len(args) >= 2 && args[1] == "create" {
			return staffCreate(ctx, args[2:], stdin, stdout, stderr)
		}
		fmt.Fprint(stderr, usage)
		return flag.ErrHelp
	case "billing":
		if len(args) >= 2 && args[1] == "invoices" {
			return billingInvoices(ctx, args[2:], stdout, stderr)
		}
		if len(args) >= 2 && args[1] == "refund" {
			return billingRefund(ctx, args[2:], stdout, stderr)
		}
		if len(args) >= 2 && args[1] == "dd-block" {
			return billingDirectDebitBlock(ctx, args[2:], stdout, stderr)
		}
		fmt.Fprint(stderr, usage)
		return flag.ErrHelp
	case "notify":
		if len(args) >= 2 && (args[1] == "promotion" || args[1] == "news") {
			typ := "promotions"
			if args[1] == "news" {
				typ = "news"
			}
			return notifyCampaign(ctx, typ, args[2:], stdout, stderr)
		}
		fmt.Fprint(stderr, usage)
		return flag.ErrHelp
	case "report":
		if len(args) >= 2 && args[1] == "traffic" {
			return reportTraffic(ctx, args[2:], stdout, stderr)
		}
		fmt.Fprint(stderr, usage)
		return flag.ErrHelp
	case "backup":
		return backupCmd(ctx, args[1:], stdout, stderr)
	case "restore":
		return restoreCmd(ctx, args[1:], stdout, stderr)
	case "version":
		return versionCmd(args[1:], stdout, stderr)
	case "healthcheck":
		return healthcheck(ctx, args[1:], stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}
