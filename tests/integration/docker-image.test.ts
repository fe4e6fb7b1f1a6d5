/**
 * The Docker image can run its operator's commands (issue 40): the runtime stage's files are laid out as the
 * Dockerfile COPYs them (tests/helpers/docker-runtime.ts: the build, package.json, the production packages only; no
 * scripts/, no tsx), and every command an operator needs runs there with `node` alone, through the image's
 * `wise-parrot` launcher on the image's PATH and with the image's environment: db:migrate, staff grant and list,
 * backup (and its list), export, restore, import into an empty site, leads. SQLite in the volume always, PostgreSQL
 * too when TEST_DATABASE_URL is set. No Docker engine is needed; what only an engine would show (the packages the
 * stage installs, the volume's owner) is read from the Dockerfile and compose.yaml.
 */
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { layOutRuntime, parseDockerfile, type RuntimeLayout, stage } from "../helpers/docker-runtime";
import { LAUNCHER, OPERATOR_COMMANDS } from "../../scripts/operator-commands";

const SITE_KEY = randomBytes(32).toString("hex");

const repo = process.cwd();
const dockerfile = parseDockerfile(fs.readFileSync(path.join(repo, "Dockerfile"), "utf8"));
const runtime = stage(dockerfile, "runtime");
const runs = (pattern: RegExp) => runtime.instructions.filter((i) => i.keyword === "RUN" && pattern.test(i.args));

describe("the Dockerfile's runtime stage", () => {
  it("runs on Node 22 (the current LTS)", () => {
    expect(dockerfile.globalArgs.NODE_IMAGE).toMatch(/^node:22[-.]/);
    expect(runtime.image).toBe("${NODE_IMAGE}");
  });

  it("installs pg_dump and pg_restore of the major of compose.yaml's PostgreSQL", () => {
    const compose = fs.readFileSync(path.join(repo, "compose.yaml"), "utf8");
    const serverMajor = /image:\s*postgres:(\d+)/.exec(compose)?.[1];
    expect(serverMajor).toBeDefined();
    expect(dockerfile.globalArgs.PG_MAJOR).toBe(serverMajor);
    expect(/PG_MAJOR:\s*"?(\d+)"?/.exec(compose)?.[1]).toBe(serverMajor);
    expect(runtime.instructions.some((i) => i.keyword === "ARG" && i.args === "PG_MAJOR")).toBe(true);
    expect(runs(/apt-get install[^&]*postgresql-client-\$\{PG_MAJOR\}/)).toHaveLength(1);
  });

  it("keeps everything the site writes in its volume, which belongs to the user it runs as", () => {
    const layoutEnv: Record<string, string> = {};
    for (const i of runtime.instructions.filter((x) => x.keyword === "ENV")) {
      for (const m of i.args.matchAll(/(\w+)=(\S+)/g)) layoutEnv[m[1]!] = m[2]!;
    }
    const volumes = runtime.instructions.filter((i) => i.keyword === "VOLUME").flatMap((i) => JSON.parse(i.args) as string[]);
    const user = runtime.instructions.findLast((i) => i.keyword === "USER")?.args;
    expect(user).toBe("node");
    expect(volumes).toEqual(["/data"]);
    for (const setting of ["DATABASE_URL", "MAIL_DIR", "BACKUP_DIR", "COUNTRY_DATA_DIR"]) {
      expect(layoutEnv[setting], setting).toMatch(/^\/data\//);
    }
    expect(runs(/chown node:node \/data\b/)).toHaveLength(1);
  });
});

describe.skipIf(!buildPresent())("the operator's commands in the runtime stage's files, without tsx", () => {
  let layout: RuntimeLayout;
  const extraDatabases: TestDatabase[] = [];
  beforeAll(() => {
    // Outside the checkout, so nothing resolves from its node_modules.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "wp-image-"));
    // The base image's PATH: where node is, and the system's tools; never a node_modules/.bin.
    const basePath = [path.dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(":");
    layout = layOutRuntime({ repo, buildDir: buildDir(), root, basePath });
  }, 120_000);
  afterAll(async () => {
    for (const d of extraDatabases) await d.drop();
    if (layout) fs.rmSync(layout.root, { recursive: true, force: true });
  });

  /** `wise-parrot <args>` as `docker compose exec` runs it: the image's environment and work dir. */
  const run = (args: string[], env: Record<string, string> = {}) => {
    const r = spawnSync(LAUNCHER, args, { cwd: layout.workdir, env: { ...layout.env, HOME: layout.root, ...env }, encoding: "utf8", timeout: 60_000 });
    return { status: r.status, out: `${r.stdout}${r.stderr}`, error: r.error };
  };

  it("holds the build and the production packages only", () => {
    expect(layout.copied.map((c) => c.dest).sort()).toEqual(["/app/build", "/app/node_modules", "/app/package.json"]);
    const modules = layout.at("/app/node_modules");
    for (const absent of ["tsx", "typescript", "vite", "@react-router/dev", "esbuild", "vitest", "@playwright/test"]) {
      expect(fs.existsSync(path.join(modules, absent)), absent).toBe(false);
    }
    for (const present of ["better-sqlite3", "pg", "kysely", "geoip-country", "nodemailer"]) {
      expect(fs.existsSync(path.join(modules, present)), present).toBe(true);
    }
    expect(fs.existsSync(layout.at("/app/scripts"))).toBe(false);
    for (const script of Object.values(OPERATOR_COMMANDS)) expect(fs.existsSync(layout.at(`/app/build/commands/${script}.js`)), script).toBe(true);
    expect((layout.env.PATH ?? "").split(":")).not.toContainEqual(expect.stringContaining("node_modules"));
  });

  it("names the commands it has when given another", () => {
    const r = run(["nonsense"]);
    expect(r.status).toBe(2);
    expect(r.out).toContain("staff, db:migrate, backup, restore, export, import, leads, countries:update");
  });

  it("countries:update without a MaxMind key says what would bring newer data (there is no package to update)", () => {
    const r = run(["countries:update"]);
    expect(r.status, r.out).toBe(2);
    expect(r.out).toContain("Nothing to update here without a MaxMind licence key");
    // The image sets COUNTRY_DATA_DIR (in the volume): only the key is missing.
    expect(r.out).toContain("COUNTRY_DATA_DIR holds no tables yet: with GEOLITE2_LICENSE_KEY");
  });

  describe.each(testDatabaseKinds())("on %s", (kind) => {
    /** DATABASE_URL: the image's own on SQLite (a file in the volume), a new database on PostgreSQL. */
    // Both sites hold the same key, as the README says a move needs: the archive is signed, so staff access comes along.
    let site: Record<string, string> = {};
    let empty: Record<string, string> = {};
    beforeAll(async () => {
      if (kind === "postgres") {
        const a = await createTestDatabase("postgres", { migrate: false });
        const b = await createTestDatabase("postgres", { migrate: false });
        extraDatabases.push(a, b);
        await a.db.close();
        await b.db.close();
        site = { DATABASE_URL: a.url, TOTP_SECRET_KEY: SITE_KEY };
        empty = { DATABASE_URL: b.url, TOTP_SECRET_KEY: SITE_KEY };
      } else {
        site = { TOTP_SECRET_KEY: SITE_KEY };
        empty = { DATABASE_URL: path.join(layout.volumes[0]!, "imported.db"), TOTP_SECRET_KEY: SITE_KEY };
      }
    });

    it("migrates, grants the first owner, backs up, exports, restores and imports", { timeout: 180_000 }, () => {
      const volume = layout.volumes[0]!;
      const migrated = run(["db:migrate"], site);
      expect(migrated.out).toMatch(/Applied: 0001-foundation/);
      expect(migrated.status).toBe(0);
      if (kind === "sqlite") expect(fs.existsSync(path.join(volume, "wise-parrot.db"))).toBe(true);

      const granted = run(["staff", "grant", "owner", "owner@example.com"], site);
      expect(granted.status, granted.out).toBe(0);
      expect(granted.out).toContain("owner@example.com is now owner.");
      expect(granted.out).toMatch(/\/reset-password\?token=/);
      // The set-password e-mail, written where the image keeps mail (no SMTP_URL here).
      expect(fs.readdirSync(path.join(volume, "mail")).some((f) => f.endsWith(".eml"))).toBe(true);
      const listed = run(["staff", "list"], site);
      expect(listed.status).toBe(0);
      expect(listed.out).toContain("owner@example.com");

      const backupDir = path.join(volume, "backups");
      const before = fs.existsSync(backupDir) ? fs.readdirSync(backupDir) : [];
      const backedUp = run(["backup"], site);
      expect(backedUp.status, backedUp.out).toBe(0);
      expect(backedUp.out).toContain(`Backup written: ${backupDir}`);
      const backups = fs.readdirSync(backupDir).filter((f) => !before.includes(f));
      expect(backups).toHaveLength(1);
      // PostgreSQL: pg_dump where the machine has it (the image does), else the owner's archive.
      const pgDump = spawnSync("pg_dump", ["--version"]).status === 0;
      expect(backups[0]).toMatch(kind === "sqlite" ? /\.db$/ : pgDump ? /\.pgdump$/ : /\.tar\.gz$/);
      expect(run(["backup", "list"], site).out).toContain(backups[0]);

      const archive = path.join(volume, "site.tar.gz");
      const exported = run(["export", archive], site);
      expect(exported.status, exported.out).toBe(0);
      expect(fs.statSync(archive).size).toBeGreaterThan(0);

      const restored = run(["restore", "--latest"], site);
      expect(restored.status, restored.out).toBe(0);
      expect(restored.out).toContain(`Restored ${path.join(backupDir, backups[0]!)}`);
      expect(run(["staff", "list"], site).out).toContain("owner@example.com");

      const imported = run(["import", archive], empty);
      expect(imported.status, imported.out).toBe(0);
      expect(imported.out).toMatch(/^Imported the archive of /m);
      expect(run(["staff", "list"], empty).out).toContain("owner@example.com");

      const leads = run(["leads"], site);
      expect(leads.status, leads.out).toBe(0);
      expect(leads.out).toContain("No leads yet.");
    });
  });
});
