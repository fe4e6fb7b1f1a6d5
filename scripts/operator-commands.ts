/**
 * The operator's commands a build carries (issue 40): scripts/postbuild.ts compiles each script below into
 * `<build>/commands/<script>.js`, like the server's host, and writes `<build>/bin/wise-parrot`, which runs one of
 * them with plain `node`. A deployment that has only the build and its production packages (the Docker image: no
 * scripts/, no tsx) runs `wise-parrot staff grant owner you@example.com`; a checkout runs `npm run staff -- …`.
 *
 * The names are the npm scripts' names; each command's arguments are the same as after `npm run <name> --`.
 */
export const OPERATOR_COMMANDS = {
  staff: "staff",
  "db:migrate": "migrate",
  backup: "backup",
  restore: "restore",
  export: "export",
  import: "import",
  leads: "leads",
  "countries:update": "countries-update",
} as const;

export type OperatorCommand = keyof typeof OPERATOR_COMMANDS;

/** The launcher's name, in `<build>/bin/` (the image puts that folder on PATH). */
export const LAUNCHER = "wise-parrot";

/**
 * The launcher: a POSIX shell script that `exec`s node on the command's compiled file, so the command is the
 * process a caller (docker compose exec, cron, systemd) waits for and signals, with nothing in between.
 */
export function launcherScript(): string {
  const cases = Object.entries(OPERATOR_COMMANDS)
    .map(([name, script]) => `  ${name === `db:${script}` ? `${name}|${script}` : name}) script=${script} ;;`)
    .join("\n");
  const names = Object.keys(OPERATOR_COMMANDS).join(", ");
  return `#!/bin/sh
# ${LAUNCHER} <command> [arguments]: the operator's commands compiled into this build (scripts/postbuild.ts).
# The arguments are those of \`npm run <command> -- ...\` in a checkout (README, "Other commands").
here=$(dirname "$0")
case "$1" in
${cases}
  *)
    echo "Usage: ${LAUNCHER} <command> [arguments], the command one of: ${names}." >&2
    exit 2 ;;
esac
shift
exec node "$here/../commands/$script.js" "$@"
`;
}
