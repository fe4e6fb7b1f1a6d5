import { ORDER_EMAILS_HI } from "../../../shared/content/hi/studio-orders";
import { ORDER_EMAILS, type ORDER_STEPS_MAILED } from "../../../shared/content/studio-orders";
import { whatsappLink } from "../../../shared/content/site";
import { localePath } from "../../../shared/i18n";
import type { Deps } from "../../context";
import { siteSettings } from "../content/settings";
import { enqueueSiteMail, firstNameOf, safeReplyTo } from "../mail/outbox";
import type { EmailBlock } from "../mail-template";
import type { OrderCard } from "./studio-order-cards";

/** The e-mails the team's work on a kit order sends the customer: a step reached, a message from the team. */

/** The customer's page of their order (the onboarding domain's), linked from every order e-mail through sign-in. */
const CUSTOMER_ORDER_PAGE = "/templates";

type Recipient = { email: string; name: string };

async function recipientOf(deps: Pick<Deps, "db">, userId: string): Promise<Recipient | null> {
  const user = await deps.db.kysely.selectFrom("users").select(["email", "name"]).where("id", "=", userId).executeTakeFirst();
  return user ?? null;
}

/** The lines every order e-mail ends with: the order's page and a WhatsApp chat with the number prefilled. */
async function orderLinks(deps: Deps, order: OrderCard, hindi: boolean): Promise<EmailBlock[]> {
  const settings = await siteSettings(deps);
  const words = hindi ? ORDER_EMAILS_HI : ORDER_EMAILS;
  const page = localePath(CUSTOMER_ORDER_PAGE, hindi ? "hi" : "en");
  // The order's page itself: signed out, it sends the customer through sign-in and back (decision: /templates).
  const blocks: EmailBlock[] = [{ kind: "button", label: words.openOrder, url: `${deps.config.PUBLIC_URL}${page}` }];
  const number = settings.site.whatsappNumber?.replace(/\D/g, "");
  if (number) blocks.push({ kind: "paragraph", text: `${words.whatsapp}: ${whatsappLink(number, words.whatsappText(order.number))}` });
  return blocks;
}

export async function mailStep(deps: Deps, order: OrderCard, step: (typeof ORDER_STEPS_MAILED)[number]): Promise<void> {
  const to = await recipientOf(deps, order.userId);
  const address = safeReplyTo(to?.email);
  if (!to || !address) return;
  const hindi = order.locale === "hi";
  const words = hindi ? ORDER_EMAILS_HI : ORDER_EMAILS;
  const who = order.assigneeName ? firstNameOf(order.assigneeName) : "";
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: words.hello(firstNameOf(to.name)) },
    ...words.step[step].lines(order.number, who).map((text) => ({ kind: "paragraph" as const, text })),
    ...(await orderLinks(deps, order, hindi)),
  ];
  await enqueueSiteMail(deps, {
    to: address,
    subject: words.step[step].subject(order.number),
    content: { blocks, ...(hindi ? { locale: "hi" as const } : {}) },
    kind: `kit-order-${step}`,
    idempotencyKey: `kit-order-step:${order.id}:${step}`,
  });
}

/** Queues the e-mail of a message from the team; false when the account has no address to write to. */
export async function mailMessage(deps: Deps, order: OrderCard, messageId: number, body: string, question: boolean): Promise<boolean> {
  const to = await recipientOf(deps, order.userId);
  const address = safeReplyTo(to?.email);
  if (!to || !address) return false;
  const hindi = order.locale === "hi";
  const words = hindi ? ORDER_EMAILS_HI : ORDER_EMAILS;
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: words.hello(firstNameOf(to.name)) },
    { kind: "paragraph", text: question ? words.message.questionIntro(order.number) : words.message.intro(order.number) },
    { kind: "quote", text: body },
    { kind: "paragraph", text: words.message.answer },
    ...(await orderLinks(deps, order, hindi)),
  ];
  await enqueueSiteMail(deps, {
    to: address,
    subject: question ? words.message.questionSubject(order.number) : words.message.subject(order.number),
    content: { blocks, ...(hindi ? { locale: "hi" as const } : {}) },
    kind: "kit-order-message",
    idempotencyKey: `kit-order-message:${messageId}`,
  });
  return true;
}
