/**
 * Pages take forms. A page request that writes (POST and the like) with a body that is not a readable form — JSON,
 * another content type, a broken multipart body, none at all — is answered 415 here, before React Router, where the
 * action's `request.formData()` would throw into a 500. The body is at most the 64 KiB every write is held to, so
 * reading it once more costs little; page writes are rare next to page reads.
 */
export async function unreadableForm(request: Request): Promise<Response | null> {
  if (request.method === "GET" || request.method === "HEAD") return null;
  try {
    await request.clone().formData();
    return null;
  } catch {
    return Response.json({ success: false, message: "This address takes only the form of its page." }, { status: 415 });
  }
}
