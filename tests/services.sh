#!/usr/bin/env bash
# Make sure PostgreSQL (127.0.0.1:5432, trust, database `test`) and Redis (127.0.0.1:6379) are up
# for the test suite: install them from Debian if missing, start them if stopped. Idempotent.
set -euo pipefail

need_apt=()
command -v pg_lsclusters >/dev/null || need_apt+=(postgresql)
command -v redis-server >/dev/null || need_apt+=(redis-server)
if [ ${#need_apt[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 50); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 0.2; done
fi
# trust auth on 127.0.0.1 and a `test` database (a fresh Debian install has neither)
if ! psql -h 127.0.0.1 -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; then
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  hba=/etc/postgresql/$version/main/pg_hba.conf
  sed -i -E 's/^(host\s+all\s+all\s+127\.0\.0\.1\/32\s+)\S+/\1trust/; s/^(local\s+all\s+postgres\s+)\S+/\1trust/' "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$version" main reload
  sleep 0.5
fi
psql -h 127.0.0.1 -U postgres -d postgres -Atc "select 1 from pg_database where datname='test'" | grep -q 1 \
  || psql -h 127.0.0.1 -U postgres -d postgres -c 'create database test' >/dev/null

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 50); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.2; done
fi
echo "services: postgresql $(pg_isready -h 127.0.0.1 -p 5432 >/dev/null && echo up), redis $(redis-cli -h 127.0.0.1 ping)"
