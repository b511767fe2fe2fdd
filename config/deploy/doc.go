// Package deploy builds what an operator installs from the definitions in
// this folder: the Debian package (nfpm.yaml, the systemd unit
// rendezvous.service and the maintainer scripts in debian/) with its
// settings file, made from config/rendezvous.example.env. The container
// image (Containerfile) and the Compose example (compose.yaml, Caddyfile)
// live here too; their tests check them against the engine's
// configuration reference (config/README.md).
package deploy
