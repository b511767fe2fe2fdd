package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"rendezvous/engine/platform/pgtest"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: withpg command [args...]")
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "rdv-testrun-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "withpg:", err)
		os.Exit(1)
	}
	fmt.Fprintln(os.Stderr, "withpg: starting a throwaway PostgreSQL cluster in", dir)
	cluster, err := pgtest.StartCluster(dir, pgtest.Throwaway)
	if err != nil {
		fmt.Fprintln(os.Stderr, "withpg:", err)
		os.Exit(1)
	}
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(), pgtest.EnvURL+"="+cluster.URL("postgres"))
	signal.Ignore(syscall.SIGINT)
	code := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else {
			fmt.Fprintln(os.Stderr, "withpg:", err)
			code = 1
		}
	}
	if err := cluster.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "withpg: stop:", err)
	}
	_ = os.RemoveAll(dir)
	os.Exit(code)
}
