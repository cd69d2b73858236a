# Sourced by ci-pg.sh and bench-pg.sh: a throw-away PostgreSQL 15 cluster
# run by the postgres user on a Unix socket only, for psql scripts against
# the installed sqlchess extension.
#
#   pg_cluster_start DIR PORT   initdb (if needed) and start; sets PSQL
#   pg_cluster_stop DIR         stop it (also on exit, via trap)

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

# Runs a command as the postgres user (the caller is root, or uses sudo).
as_postgres() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        sudo -n -u postgres -- "$@"
    fi
}

pg_cluster_start() {
    local dir=$1 port=$2
    local root=()
    [ "$(id -u)" -eq 0 ] || root=(sudo -n)
    "${root[@]}" mkdir -p "$dir"
    "${root[@]}" chown postgres:postgres "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        as_postgres "$PG_BIN/initdb" -D "$dir/data" -U postgres -A trust --no-sync >"$dir.initdb.log" 2>&1 ||
            { cat "$dir.initdb.log" >&2; return 1; }
    fi
    as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w \
        -o "-k $dir -p $port -c listen_addresses='' -c fsync=off" start >/dev/null
    PSQL=(as_postgres "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U postgres -d postgres)
    # shellcheck disable=SC2064
    trap "pg_cluster_stop '$dir'" EXIT
}

pg_cluster_stop() {
    local dir=$1
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    fi
}
