// Command withpg runs a command with a throwaway PostgreSQL cluster: it
// starts the cluster, exports RDV_TEST_DATABASE_URL, runs the command and
// removes the cluster, exiting with the command's status. `make test` runs
// the whole suite under one withpg.
package main
