#!/usr/bin/env bash
# PLA Lab for a class: N Streamlit processes behind nginx with sticky sessions, all on loopback.
#
#   deploy/start.sh [replicas=2] [port=8500] [dir=a new temporary folder]
#
# Replica k listens on 127.0.0.1:<port + k>; nginx on 127.0.0.1:<port>, which is the address to share (put a
# TLS-terminating proxy or a public listen address in front for a real class). The replicas share one cookie
# secret, so a browser may be moved between them. A replica that dies is started again; its process id is in
# <dir>/replica-<port>.pid. Ctrl-C (or TERM) stops them all. Needs nginx (apt-get install -y nginx) and the app's requirements.
# The replicas share the class's store (Ask the class, docs/deployment.md): by default the SQLite file
# .pla-lab/class.sqlite in this folder; PLA_LAB_CLASS_DB=postgresql+psycopg://… in the environment points them all at
# PostgreSQL instead (as [connections.sql] in .streamlit/secrets.toml would).
set -euo pipefail
cd "$(dirname "$0")/.."
replicas=${1:-2}
port=${2:-8500}
dir=${3:-$(mktemp -d -t pla-lab-XXXXXX)}
mkdir -p "$dir"
command -v nginx >/dev/null || { echo "nginx is not installed: apt-get install -y nginx" >&2; exit 1; }
python=${PYTHON:-python3}
secret=$("$python" -c 'import secrets; print(secrets.token_hex(32))')
healthy() {  # whether the server at 127.0.0.1:$1 answers its health check
  "$python" -c 'import sys, urllib.request
try: sys.exit(urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/_stcore/health", timeout=1).read() != b"ok")
except OSError: sys.exit(1)' "$1"
}

pids=()
stop() {
  [ -f "$dir/nginx.pid" ] && kill "$(cat "$dir/nginx.pid")" 2>/dev/null || true
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
}
trap stop EXIT INT TERM

servers=""
for k in $(seq 1 "$replicas"); do
  p=$((port + k))
  (  # a replica that dies is started again (as systemd's Restart=always would); nginx skips it meanwhile
    trap 'kill $(cat "$dir/replica-'$p'.pid") 2>/dev/null; exit' TERM INT
    while true; do
      STREAMLIT_SERVER_COOKIE_SECRET=$secret "$python" -m streamlit run app.py --server.headless true \
        --server.fileWatcherType none --server.address 127.0.0.1 --server.port "$p" >>"$dir/replica-$p.log" 2>&1 &
      echo $! >"$dir/replica-$p.pid"
      wait $! || true
      sleep 1
    done
  ) &
  pids+=($!)
  servers+="        server 127.0.0.1:$p max_fails=1 fail_timeout=10s;"$'\n'
done
for k in $(seq 1 "$replicas"); do  # each replica answers its health check before nginx sends it anyone
  p=$((port + k))
  for _ in $(seq 1 300); do
    healthy "$p" && break
    sleep 0.2
  done
  healthy "$p" || { echo "replica $p did not start" >&2; exit 1; }
done

"$python" - "$dir" "127.0.0.1:$port" "$servers" <<'EOF'
import pathlib, sys
d, listen, servers = sys.argv[1:]
text = pathlib.Path("deploy/nginx.conf.template").read_text()
text = text.replace("@DIR@", d).replace("@LISTEN@", listen).replace("@SERVERS@", servers.rstrip("\n"))
pathlib.Path(d, "nginx.conf").write_text(text)
EOF
nginx -t -q -c "$dir/nginx.conf" -p "$dir"
nginx -c "$dir/nginx.conf" -p "$dir" -g 'daemon off;' &
pids+=($!)
for _ in $(seq 1 100); do
  healthy "$port" && break
  sleep 0.1
done
echo "PLA Lab: http://127.0.0.1:$port ($replicas replicas, files in $dir)"
wait "${pids[-1]}" || true  # nginx ended: stop the replicas
