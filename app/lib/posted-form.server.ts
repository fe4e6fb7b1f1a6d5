import { data } from "react-router";

/**
 * The form an action was sent. A body that is not one (JSON, another content type, a broken multipart body) is
 * answered 415 instead of letting `formData()` throw into a 500.
 */
export async function postedForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: "Send this page's form." }, { status: 415 });
  }
}
