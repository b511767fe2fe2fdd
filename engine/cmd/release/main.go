package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"rendezvous/config/deploy"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return errors.New("usage: release deb|image-context [flags]")
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	binary := fs.String("binary", "", "the static engine binary")
	out := fs.String("out", "dist", "the output folder")
	switch args[0] {
	case "deb":
		version := fs.String("version", "", "the release, e.g. 0.1.0")
		arch := fs.String("arch", "amd64", "Debian's architecture: amd64 or arm64")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		path, err := deploy.Deb{Dir: "config/deploy", Version: *version, Arch: *arch, Binary: *binary}.Build(*out)
		if err != nil {
			return err
		}
		fmt.Println(path)
		return nil
	case "image-context":
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		return deploy.ImageContext(*binary, *out)
	}
	return fmt.Errorf("unknown command %q (deb, image-context)", args[0])
}
