import { Hono } from "hono";
import { z } from "zod";
import { STAFF_ACCESS, STUDIO_MESSAGES } from "../../shared/content/studio";
import { deviceCookie, sessionTokenOf } from "../http/cookies";
import { apiNotFound, readJson } from "../http/errors";
import { findUserByEmail, normalizeEmail } from "../services/auth/accounts";
import { resolveSession } from "../services/auth/sessions";
import { forbidden } from "../services/errors";
import { changeRole, listStaff, renameSelf, resetSecondFactor, revokeAccess } from "../services/staff/access";
import { listAudit } from "../services/audit";
import { acceptInvitation, invitationFor, inviteStaff } from "../services/staff/invitations";
import { startEnrolment } from "../services/staff/second-factor";
import { enrolSession, passSecondFactor } from "../services/staff/studio-session";
import { createStudioMediaRouter } from "./studio-media";
import { createStudioAudienceRouter } from "./studio-audience";
import { actorOf, staffSession, studioPolicy, type StudioEnv } from "./studio-guard";
import { createStudioPostsRouter } from "./studio-posts";
import { createStudioCategoriesRouter } from "./studio-categories";
import { createStudioAnalyticsRouter } from "./studio-analytics";
import { createStudioOrdersRouter } from "./studio-orders";
import { securityEvent } from "../services/security-events";


const STUDIO_API_PATH = "/api/studio";

const CodeBody = z.object({ code: z.string({ error: STUDIO_MESSAGES.codeFormat }).trim().min(1, STUDIO_MESSAGES.codeFormat).max(40, STUDIO_MESSAGES.codeFormat) });
const EmailBody = z.object({ email: z.string({ error: "Enter a valid e-mail address." }).trim().min(3, "Enter a valid e-mail address.").max(320, "Enter a valid e-mail address.") });
const InviteBody = EmailBody.extend({ access: z.enum(STAFF_ACCESS, { error: `access must be one of: ${STAFF_ACCESS.join(", ")}` }) });
const RoleBody = EmailBody.extend({ access: z.enum(STAFF_ACCESS, { error: STUDIO_MESSAGES.roleInvalid }) });
const NameBody = z.object({ name: z.string({ error: STUDIO_MESSAGES.nameInvalid(100) }).max(400, STUDIO_MESSAGES.nameInvalid(100)) });
const TokenQuery = z.string().min(1).max(200);
const AcceptBody = z.object({
  token: TokenQuery,
  name: z.string().max(100).optional(),
  password: z.string().max(200).optional(),
});

/**
 * /api/studio: the owner's studio. Every answer is private (`no-store`) and kept out of search engines. Without a
 * session the answer is the unknown API address's 404; a visitor account gets 403; a staff session reaches more than its own second-factor
 * steps only once it passed the second factor.
 */
export function createStudioRouter(): Hono<StudioEnv> {
  const r = new Hono<StudioEnv>();

  r.use(async (c, next) => {
    // Whoever has no session at all learns nothing here: outside the invitation (opened before one has an account),
    // the answer is the unknown API address's, byte for byte, as the studio's pages answer the site's 404.
    if (c.req.path !== `${STUDIO_API_PATH}/invitation`) {
      const deps = c.get("deps");
      if (!(await resolveSession(deps, sessionTokenOf(deps.config, c.req.raw.headers)))) {
        // The answer says nothing; the log still records the refusal for the operator.
        securityEvent(deps, "studio.access.refused", { reason: "no-session", path: c.req.path });
        return apiNotFound(c);
      }
    }
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
    await next();
  });

  // Invitations are opened by people who are not staff yet.
  r.get("/invitation", async (c) => {
    const token = TokenQuery.safeParse(c.req.query("token"));
    const pending = token.success ? await invitationFor(c.get("deps"), token.data) : null;
    if (!pending) return c.json({ success: false, message: STUDIO_MESSAGES.invitationInvalid, field: "token" }, 400);
    return c.json({ success: true, invitation: pending });
  });
  r.post("/invitation", async (c) => {
    const deps = c.get("deps");
    const body = await readJson(c, AcceptBody);
    const signedInUserId = await resolveSession(deps, sessionTokenOf(deps.config, c.req.raw.headers));
    const accepted = await acceptInvitation(deps, body.token, { ...body, signedInUserId, clientIp: c.get("clientIp") });
    return c.json({ success: true, created: accepted.created });
  });

  r.use("/*", staffSession);

  r.get("/session", (c) => {
    const { email, name, access, secondFactor } = c.get("studio");
    return c.json({ success: true, user: { email, name, access }, secondFactor });
  });

  r.post("/second-factor/enrolment", async (c) => {
    const studio = c.get("studio");
    if (studio.secondFactor !== "enrol") throw forbidden(STUDIO_MESSAGES.alreadyEnrolled);
    const { secret, uri, qrSvg } = await startEnrolment(c.get("deps"), { id: studio.userId, email: studio.email });
    return c.json({ success: true, secret, uri, qrSvg });
  });
  r.post("/second-factor/enrolment/confirm", async (c) => {
    const { code } = await readJson(c, CodeBody);
    const deviceToken = deviceCookie.read(c.get("deps").config, c.req.header("cookie"));
    const recoveryCodes = await enrolSession(c.get("deps"), c.get("sessionToken"), code, c.get("clientIp"), Date.now(), { deviceToken });
    return c.json({ success: true, recoveryCodes });
  });
  r.post("/second-factor", async (c) => {
    const { code } = await readJson(c, CodeBody);
    const deviceToken = deviceCookie.read(c.get("deps").config, c.req.header("cookie"));
    const used = await passSecondFactor(c.get("deps"), c.get("sessionToken"), code, c.get("clientIp"), Date.now(), { deviceToken });
    return c.json({ success: true, used });
  });

  r.use("/*", async (c, next) => {
    const { secondFactor } = c.get("studio");
    if (secondFactor !== "passed") {
      securityEvent(c.get("deps"), "studio.access.refused", { reason: secondFactor === "enrol" ? "enrol-first" : "second-factor-needed", path: c.req.path });
      throw forbidden(secondFactor === "enrol" ? STUDIO_MESSAGES.enrolFirst : STUDIO_MESSAGES.secondFactorNeeded);
    }
    await next();
  });
  // Who may reach which area: the studio's policy table, as for the pages and the menu.
  r.use("/*", studioPolicy);

  r.get("/staff", async (c) => c.json({ success: true, staff: await listStaff(c.get("deps")) }));
  r.post("/staff/invitations", async (c) => {
    const { email, access } = await readJson(c, InviteBody);
    await inviteStaff(c.get("deps"), email, access, actorOf(c));
    return c.json({ success: true, message: STUDIO_MESSAGES.invitationSent }, 201);
  });
  r.post("/staff/revoke", async (c) => {
    const { email } = await readJson(c, EmailBody);
    const deps = c.get("deps");
    const target = await findUserByEmail(deps, normalizeEmail(email));
    if (target?.id === c.get("studio").userId) throw forbidden(STUDIO_MESSAGES.notYourself);
    await revokeAccess(deps, email, actorOf(c));
    return c.json({ success: true, message: STUDIO_MESSAGES.accessRevoked });
  });
  r.post("/staff/role", async (c) => {
    const { email, access } = await readJson(c, RoleBody);
    const changed = await changeRole(c.get("deps"), email, access, actorOf(c));
    return c.json({ success: true, changed, message: STUDIO_MESSAGES.roleChanged });
  });
  r.post("/staff/second-factor/reset", async (c) => {
    const { email } = await readJson(c, EmailBody);
    await resetSecondFactor(c.get("deps"), email, actorOf(c));
    return c.json({ success: true, message: STUDIO_MESSAGES.secondFactorReset });
  });
  // Each staff member's own name (editors too: the "profile" area of the policy).
  r.patch("/profile", async (c) => {
    const { name } = await readJson(c, NameBody);
    const saved = await renameSelf(c.get("deps"), c.get("studio").userId, name, actorOf(c));
    return c.json({ success: true, name: saved, message: STUDIO_MESSAGES.nameChanged });
  });
  r.get("/audit", async (c) => {
    const before = Number(c.req.query("before"));
    const page = await listAudit(c.get("deps"), { limit: 50, before: Number.isSafeInteger(before) && before > 0 ? before : undefined });
    return c.json({ success: true, lines: page.map((p) => ({ id: p.id, ...p.line })) });
  });

  // Each area of the studio has its own router (server/api/studio-<area>.ts), mounted here, behind the guards above.
  r.route("/posts", createStudioPostsRouter());
  r.route("/categories", createStudioCategoriesRouter());
  r.route("/orders", createStudioOrdersRouter());
  r.route("/media", createStudioMediaRouter());
  r.route("/", createStudioAnalyticsRouter());
  r.route("/audience", createStudioAudienceRouter());

  return r;
}

