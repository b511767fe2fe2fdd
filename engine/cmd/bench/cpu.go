package main

import (
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// clockTick is the unit of /proc/<pid>/stat's CPU times (USER_HZ, 100 on
// Linux).
const clockTick = 10 * time.Millisecond

// procCPU is the CPU time pid has used, and with children the time of
// its children that have exited and been waited for (a postmaster's
// backends).
func procCPU(pid int, children bool) (time.Duration, int, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, err
	}
	// The command name may hold spaces; the fields after it start at ")".
	rest := string(b[strings.LastIndexByte(string(b), ')')+2:])
	f := strings.Fields(rest)
	// f[0] is field 3 (state): ppid is field 4, utime 14, stime 15,
	// cutime 16, cstime 17.
	ppid, _ := strconv.Atoi(f[1])
	sum := 0
	last := 13
	if children {
		last = 15
	}
	for i := 11; i <= last; i++ {
		n, _ := strconv.Atoi(f[i])
		sum += n
	}
	return time.Duration(sum) * clockTick, ppid, nil
}

// clusterCPU is the CPU time the PostgreSQL cluster behind dbURL has used:
// the postmaster with its exited children, and its living children.
func clusterCPU(dbURL string) (time.Duration, error) {
	u, err := url.Parse(dbURL)
	if err != nil {
		return 0, err
	}
	dataDir := filepath.Join(filepath.Dir(u.Query().Get("host")), "pgdata")
	b, err := os.ReadFile(filepath.Join(dataDir, "postmaster.pid"))
	if err != nil {
		return 0, err
	}
	pm, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	if err != nil {
		return 0, err
	}
	total, _, err := procCPU(pm, true)
	if err != nil {
		return 0, err
	}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cpu, ppid, err := procCPU(pid, false)
		if err == nil && ppid == pm {
			total += cpu
		}
	}
	return total, nil
}

// cpuMeter measures the CPU the engine, the database and the load's
// clients use over a run.
type cpuMeter struct {
	enginePID              int
	dbURL                  string
	engine, db, client     time.Duration
	engineOK, dbOK, selfOK bool
}

func startCPU(enginePID int, dbURL string) *cpuMeter {
	m := &cpuMeter{enginePID: enginePID, dbURL: dbURL}
	var err error
	m.engine, _, err = procCPU(enginePID, false)
	m.engineOK = err == nil
	m.db, err = clusterCPU(dbURL)
	m.dbOK = err == nil
	m.client, _, err = procCPU(os.Getpid(), true)
	m.selfOK = err == nil
	return m
}

// cpuUse is the CPU time a run used: the engine's, the database's and the
// clients' (0 for one that could not be read).
type cpuUse struct {
	engine, db, client time.Duration
}

func (u cpuUse) add(v cpuUse) cpuUse {
	return cpuUse{engine: u.engine + v.engine, db: u.db + v.db, client: u.client + v.client}
}

// used is the CPU time since start. The clients are this process (the
// HTTP senders are its goroutines) with its children that exited
// meanwhile (a pgbench run), not the engine, which runs until the end.
func (m *cpuMeter) used() cpuUse {
	var u cpuUse
	if e, _, err := procCPU(m.enginePID, false); err == nil && m.engineOK {
		u.engine = e - m.engine
	}
	if d, err := clusterCPU(m.dbURL); err == nil && m.dbOK {
		u.db = d - m.db
	}
	if c, _, err := procCPU(os.Getpid(), true); err == nil && m.selfOK {
		u.client = c - m.client
	}
	return u
}
