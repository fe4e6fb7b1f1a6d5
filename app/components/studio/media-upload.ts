import { COVER_FIELD, MEDIA_MESSAGES, MEDIA_RULES } from "@shared/content/studio-media";

/** One library item as the upload API answers it. */
export type UploadedMedia = {
  id: number;
  name: string;
  width: number;
  height: number;
  files: { name: string; format: string; width: number; height: number; size: number; url: string }[];
};

export type UploadOutcome = { ok: true; media: UploadedMedia; created: boolean } | { ok: false; message: string };

/**
 * Sends one image to the upload API (XMLHttpRequest, for its upload progress), as the library page's form would
 * without JavaScript. A file over the limit is refused here before any byte is sent.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<UploadOutcome> {
  if (file.size > MEDIA_RULES.maxFileBytes) return Promise.resolve({ ok: false, message: MEDIA_MESSAGES.tooLarge });
  if (file.size === 0) return Promise.resolve({ ok: false, message: MEDIA_MESSAGES.empty });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/studio/media");
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      const body = xhr.response as { success?: boolean; message?: string; media?: UploadedMedia; created?: boolean } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.media) {
        onProgress(100);
        resolve({ ok: true, media: body.media, created: Boolean(body.created) });
      } else {
        resolve({ ok: false, message: body?.message ?? COVER_FIELD.uploadFailed });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: COVER_FIELD.uploadFailed });
    const form = new FormData();
    form.set("file", file, file.name);
    xhr.send(form);
  });
}

/** 1.2 MB, 340 KB, 12 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${bytes} bytes`;
}

/** The smallest WebP version: the thumbnail. */
export function thumbnailOf(media: Pick<UploadedMedia, "files">) {
  return media.files.filter((f) => f.format === "webp").sort((a, b) => a.width - b.width)[0];
}
