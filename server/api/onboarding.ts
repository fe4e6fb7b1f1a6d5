import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { AUTH_MESSAGES } from "../../shared/content/auth";
import { BRIEF_RULE_MESSAGES } from "../../shared/content/onboarding";
import { BRIEF_RULE_MESSAGES_HI } from "../../shared/content/hi/onboarding";
import { MEDIA_RULES } from "../../shared/content/studio-media";
import { localeOfPath, localePath } from "../../shared/i18n";
import type { AppEnv } from "../context";
import { sessionTokenOf } from "../http/cookies";
import { HttpError, parseWith, readJsonBody } from "../http/errors";
import type { Actor } from "../services/audit";
import { isServiceError } from "../services/errors";
import { type PublicUser, userForSession } from "../services/auth/accounts";
import { getBrief, saveBrief } from "../services/onboarding/briefs";
import { KIT_FILE_MESSAGES, deleteKitFile, listKitFiles, readKitFile, uploadKitFile } from "../services/onboarding/files";
import { CUSTOMER_ORDER_HOOKS } from "../services/onboarding/notify";
import {
  addCustomerMessage,
  currentPromisedHours,
  getCustomerOrder,
  getOrderOfCustomer,
  listOrderMessages,
  startWaitingOrder,
  submitBrief,
} from "../services/onboarding/orders";
import type { MessageKind } from "../services/onboarding/types";

const IdSchema = z.coerce
  .number({ error: "The id must be a positive whole number." })
  .int("The id must be a positive whole number.")
  .positive("The id must be a positive whole number.")
  .max(Number.MAX_SAFE_INTEGER, "The id must be a positive whole number.");

const BriefBody = z.object({
  kitKey: z.string({ error: "Choose a kit." }).max(80, "Choose a kit."),
  kitLabel: z.string({ error: "Choose a kit." }).max(200, "Choose a kit."),
  fields: z.unknown(),
  revision: z.number({ error: "The brief's revision is missing." }).int().min(0).max(Number.MAX_SAFE_INTEGER),
  locale: z.enum(["en", "hi"]).default("en"),
});

const MessageBody = z.object({
  body: z.unknown(),
  kind: z
    .enum(["message", "answer", "change-request"], {
      error: "Unknown kind of message.",
    })
    .default("message"),
  locale: z.enum(["en", "hi"]).default("en"),
});

const messagesOf = (locale: string) => (locale === "hi" ? BRIEF_RULE_MESSAGES_HI : BRIEF_RULE_MESSAGES);

async function requireCustomer(c: Context<AppEnv>): Promise<PublicUser> {
  const deps = c.get("deps");
  const user = await userForSession(deps, sessionTokenOf(deps.config, c.req.raw.headers));
  if (!user) throw new HttpError(401, AUTH_MESSAGES.notAuthenticated, {}, { "WWW-Authenticate": 'Bearer realm="api"' });
  return user;
}

const actorOf = (c: Context<AppEnv>, user: PublicUser): Actor => ({
  userId: user._id,
  label: user.email,
  clientIp: c.get("clientIp"),
});

/**
 * /api/onboarding: the signed-in customer's brief, kit order, messages and files (issue 41, decision 0050). Every
 * read and write is the session's own account; another account's order or file answers 404. Writes are guarded like
 * every other (the app's cross-site guard), rate-limited and audited by the services.
 */
export function createOnboardingRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.get("/", async (c) => {
    const user = await requireCustomer(c);
    const deps = c.get("deps");
    await startWaitingOrder(deps, user._id, actorOf(c, user), {
      hooks: CUSTOMER_ORDER_HOOKS,
    });
    const [brief, order, files, promisedHours] = await Promise.all([
      getBrief(deps, user._id),
      getCustomerOrder(deps, user._id),
      listKitFiles(deps, user._id),
      currentPromisedHours(deps),
    ]);
    const messages = order ? await listOrderMessages(deps, order.id) : [];
    return c.json({
      success: true,
      brief,
      order,
      messages,
      files,
      promisedHours,
    });
  });

  r.put("/brief", async (c) => {
    const user = await requireCustomer(c);
    const input = parseWith(BriefBody, await readJsonBody(c));
    const brief = await saveBrief(c.get("deps"), user._id, input, actorOf(c, user), { messages: messagesOf(input.locale) });
    return c.json({ success: true, brief });
  });

  r.post("/submit", async (c) => {
    const user = await requireCustomer(c);
    const input = parseWith(BriefBody, await readJsonBody(c));
    const result = await submitBrief(c.get("deps"), { id: user._id, emailVerified: user.emailVerified }, input, actorOf(c, user), {
      messages: messagesOf(input.locale),
      hooks: CUSTOMER_ORDER_HOOKS,
    });
    if (result.status === "ordered") return c.json({ success: true, status: result.status, order: result.order }, result.created ? 201 : 200);
    return c.json({ success: true, status: result.status, brief: result.brief }, 202);
  });

  r.get("/orders/:id", async (c) => {
    const user = await requireCustomer(c);
    const deps = c.get("deps");
    const order = await getOrderOfCustomer(deps, user._id, parseWith(IdSchema, c.req.param("id")));
    return c.json({
      success: true,
      order,
      messages: await listOrderMessages(deps, order.id),
    });
  });

  r.post("/orders/:id/messages", async (c) => {
    const user = await requireCustomer(c);
    const id = parseWith(IdSchema, c.req.param("id"));
    const input = parseWith(MessageBody, await readJsonBody(c));
    const message = await addCustomerMessage(c.get("deps"), user._id, id, { body: input.body, kind: input.kind as MessageKind }, actorOf(c, user), {
      messages: messagesOf(input.locale),
    });
    return c.json({ success: true, message }, 201);
  });

  r.post(
    "/files",
    async (c, next) => {
      // The session first: nobody signed out makes the server take in 10 MB.
      await requireCustomer(c);
      return next();
    },
    bodyLimit({
      maxSize: MEDIA_RULES.maxBodyBytes,
      onError: (c) =>
        c.json(
          {
            success: false,
            message: KIT_FILE_MESSAGES.tooLarge,
            field: "file",
          },
          413,
          { connection: "close" },
        ),
    }),
    async (c) => {
      const navigation = c.req.header("sec-fetch-mode") === "navigate" || /\btext\/html\b/.test(c.req.header("accept") ?? "");
      try {
        return await receiveFile(c, navigation);
      } catch (error) {
        // The form posted without JavaScript: back to the page, which says what happened.
        if (navigation && (isServiceError(error) || error instanceof HttpError))
          return c.redirect(`${localePath("/templates", localeOfPath(new URL(c.req.header("referer") ?? "http://x/").pathname))}?file=refused#files`, 303);
        throw error;
      }
    },
  );

  async function receiveFile(c: Context<AppEnv>, navigation: boolean): Promise<Response> {
    const user = await requireCustomer(c);
    if (!/^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "")) throw new HttpError(415, "Send the file as multipart/form-data.");
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new HttpError(400, "Send the file as multipart/form-data.");
    }
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) throw new HttpError(400, KIT_FILE_MESSAGES.empty, { field: "file" });
    if (file.size > MEDIA_RULES.maxFileBytes) throw new HttpError(413, KIT_FILE_MESSAGES.tooLarge, { field: "file" });
    const info = await uploadKitFile(
      c.get("deps"),
      user._id,
      {
        bytes: Buffer.from(await file.arrayBuffer()),
        name: file.name,
        purpose: String(form.get("purpose") ?? "other"),
      },
      actorOf(c, user),
    );
    if (navigation) return c.redirect(`${localePath("/templates", form.get("locale") === "hi" ? "hi" : "en")}?file=added#files`, 303);
    return c.json({ success: true, file: info }, 201);
  }

  r.get("/files/:id", async (c) => {
    const user = await requireCustomer(c);
    const file = await readKitFile(c.get("deps"), parseWith(IdSchema, c.req.param("id")), { userId: user._id, staff: false });
    if (!file) return c.json({ success: false, message: "There is no such file." }, 404);
    return fileResponse(file);
  });

  r.delete("/files/:id", async (c) => {
    const user = await requireCustomer(c);
    await deleteKitFile(c.get("deps"), user._id, parseWith(IdSchema, c.req.param("id")), actorOf(c, user));
    return c.json({ success: true });
  });

  return r;
}

/**
 * A private file's answer: never cached by anyone else, downloaded rather than shown (a PDF's scripts never run in the
 * site's origin), its own type only, and a sandbox should a browser open it anyway.
 */
export function fileResponse(file: { info: { contentType: string; originalName: string; id: number }; data: Buffer }): Response {
  const ext = file.info.contentType === "application/pdf" ? "pdf" : "webp";
  const base =
    file.info.originalName
      .replace(/\.[A-Za-z0-9]{1,5}$/, "")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .slice(0, 80) || `file-${file.info.id}`;
  return new Response(new Uint8Array(file.data), {
    status: 200,
    headers: {
      "Content-Type": file.info.contentType,
      "Content-Length": String(file.data.length),
      "Content-Disposition": `attachment; filename="${base}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${file.info.originalName.replace(/\.[A-Za-z0-9]{1,5}$/, "")}.${ext}`)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
