// Command release packages a built engine for operators (make release):
//
//	release deb --version 0.1.0 --arch amd64 --binary dist/rendezvous-linux-amd64 --out dist
//	release image-context --binary dist/rendezvous-linux-amd64 --out dist/image
//
// The definitions are in config/deploy; run it from the repository's top
// folder.
package main
