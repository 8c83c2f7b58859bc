#!/bin/sh
# Takes one Oasis instance out of nginx's rotation, or puts it back, then reloads nginx (which
# finishes its requests in flight on the old workers). nginx's open-source build has no active
# health checks, so a rolling restart behind it goes: `down`, restart the instance, wait for its
# readiness, `up` (docs/deploy.md#nginx-instead-of-caddy).
#
#   oasis-nginx-instance.sh down|up PORT
#
# OASIS_NGINX_SITE: the site file holding the upstream (default /etc/nginx/sites-available/oasis).
# NGINX_RELOAD: how to reload nginx (default: check the configuration, then `nginx -s reload`).
set -eu

usage() { echo "usage: $0 down|up PORT" >&2; exit 2; }
[ $# -eq 2 ] || usage
action=$1
port=$2
case "$port" in '' | *[!0-9]*) usage ;; esac
site=${OASIS_NGINX_SITE:-/etc/nginx/sites-available/oasis}
reload=${NGINX_RELOAD:-'nginx -t -q && nginx -s reload'}

line="^[[:space:]]*server 127\.0\.0\.1:$port "
grep -q "$line" "$site" || { echo "$site lists no instance on port $port" >&2; exit 1; }
case "$action" in
  down) sed -i "/$line/ { s/ down;/;/; s/;/ down;/ }" "$site" ;;
  up) sed -i "/$line/ s/ down;/;/" "$site" ;;
  *) usage ;;
esac
sh -c "$reload"
