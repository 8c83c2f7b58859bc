#!/bin/sh
# One backup of the Oasis site, as the nightly timer runs it (oasis-backup.service and
# oasis-backup.timer beside this file; docs/deploy.md, Backups). Run as root:
#
#   1. loads the site's settings (/etc/oasis/oasis.env) with the data folder the unit gives it;
#   2. on the embedded database, stops the site's instances (one process may open it at a time);
#   3. writes the archive into BACKUP_DIR as the site's user (npm run backup);
#   4. starts the instances again, whatever happened in 3 (also when the stop failed: the backup
#      then refuses, naming the process that holds the database, and this script fails);
#   5. hands the new archive to BACKUP_HOOK (encrypt it, copy it off the machine), if set;
#   6. keeps the newest BACKUP_KEEP archives in BACKUP_DIR and deletes older ones.
#
# Exits non-zero when the backup or the hook failed (systemd then marks the unit failed).
# Settings, from the environment or the settings file (which wins, as for the unit):
#   BACKUP_DIR=/var/backups/oasis   BACKUP_KEEP=14   OASIS_UNITS="oasis@3000"
#   BACKUP_HOOK='…'                 a shell command run with the archive's path as "$1"
#   OASIS_DIR=/srv/oasis            OASIS_ENV_FILE=/etc/oasis/oasis.env   OASIS_USER=oasis
set -eu

OASIS_DIR=${OASIS_DIR:-/srv/oasis}
OASIS_ENV_FILE=${OASIS_ENV_FILE:-/etc/oasis/oasis.env}
OASIS_USER=${OASIS_USER-oasis}
SYSTEMCTL=${SYSTEMCTL:-systemctl}
# What deploy/oasis@.service sets beside the settings file.
DATA_DIR=${DATA_DIR:-/var/lib/oasis}
NODE_ENV=production
if [ -r "$OASIS_ENV_FILE" ]; then
  set -a
  # shellcheck disable=SC1090
  . "$OASIS_ENV_FILE"
  set +a
fi
export DATA_DIR NODE_ENV
BACKUP_DIR=${BACKUP_DIR:-/var/backups/oasis}
BACKUP_KEEP=${BACKUP_KEEP:-14}
OASIS_UNITS=${OASIS_UNITS:-oasis@3000}
BACKUP_HOOK=${BACKUP_HOOK:-}
case $BACKUP_KEEP in '' | *[!0-9]* | 0) echo "BACKUP_KEEP must be a whole number above 0, not '$BACKUP_KEEP'" >&2; exit 2 ;; esac

as_site() {
  if [ -n "$OASIS_USER" ] && [ "$(id -un)" != "$OASIS_USER" ]; then runuser -u "$OASIS_USER" -- "$@"; else "$@"; fi
}

# The archives hold account data: readable by root and the site's user only.
umask 077
mkdir -p "$BACKUP_DIR"
[ -z "$OASIS_USER" ] || [ "$(id -un)" = "$OASIS_USER" ] || chown "$OASIS_USER:" "$BACKUP_DIR"
chmod 0700 "$BACKUP_DIR"

stopped=""
start_again() {
  [ -n "$stopped" ] || return 0
  stopped=""
  # shellcheck disable=SC2086
  $SYSTEMCTL start $OASIS_UNITS || echo "oasis-backup: could not start $OASIS_UNITS again" >&2
}
trap start_again EXIT
trap 'exit 1' INT TERM HUP

if [ -z "${DATABASE_URL:-}" ]; then
  stopped=1
  # shellcheck disable=SC2086
  $SYSTEMCTL stop $OASIS_UNITS || echo "oasis-backup: stopping $OASIS_UNITS failed; trying the backup anyway" >&2
fi

log=$(mktemp)
status=0
(cd "$OASIS_DIR" && as_site node scripts/start.mjs backup --out "$BACKUP_DIR") >"$log" 2>&1 || status=$?
cat "$log"
archive=$(sed -n 's/^Backup written: \(.*\) ([^)]*)$/\1/p' "$log")
rm -f "$log"
start_again
if [ "$status" -ne 0 ] || [ -z "$archive" ]; then
  echo "oasis-backup: the backup failed (exit $status)" >&2
  exit 1
fi

if [ -n "$BACKUP_HOOK" ]; then
  sh -c "$BACKUP_HOOK" oasis-backup-hook "$archive" || {
    echo "oasis-backup: BACKUP_HOOK failed for $archive; older archives are kept" >&2
    exit 1
  }
fi

# Retention: the names carry the UTC time, so they sort by age.
ls -1 "$BACKUP_DIR" | grep '^oasis-backup-.*\.tar\.gz$' | sort -r | tail -n +"$((BACKUP_KEEP + 1))" | while read -r old; do
  rm -f "$BACKUP_DIR/$old"
  echo "Removed $BACKUP_DIR/$old (BACKUP_KEEP=$BACKUP_KEEP)"
done
