import { useEffect, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { normalisePickupCode } from "#contract/pickup-code.ts";
import "#app/i18n/admin-texts.ts";

/** How often a frame is read: enough for a code held still, little work for a phone. */
const READ_EVERY_MS = 150;
/** Frames are read at most this wide: a ticket's QR fills a good part of the picture. */
const READ_WIDTH = 640;

/**
 * Reads the ticket's QR code with the device's camera (the back one on a phone) and hands its text on.
 * jsQR is loaded only when the button is pressed; typing the code always works without it.
 */
export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement("canvas");
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    (async () => {
      try {
        const [{ default: jsQR }, media] = await Promise.all([
          import("jsqr"),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false }),
        ]);
        stream = media;
        if (stopped || !video.current) return stop();
        video.current.srcObject = media;
        await video.current.play();
        const read = () => {
          const el = video.current;
          if (stopped || !el) return;
          if (el.videoWidth > 0) {
            const scale = Math.min(1, READ_WIDTH / el.videoWidth);
            canvas.width = Math.round(el.videoWidth * scale);
            canvas.height = Math.round(el.videoHeight * scale);
            const context = canvas.getContext("2d", { willReadFrequently: true })!;
            context.drawImage(el, 0, 0, canvas.width, canvas.height);
            const frame = context.getImageData(0, 0, canvas.width, canvas.height);
            const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "attemptBoth" });
            const code = found ? normalisePickupCode(found.data) : "";
            if (code) {
              stop();
              setOpen(false);
              onCode(code);
              return;
            }
          }
          timer = setTimeout(read, READ_EVERY_MS);
        };
        read();
      } catch {
        stop();
        if (!stopped || !stream) setFailed(true);
        setOpen(false);
      }
    })();
    return stop;
  }, [open, onCode]);

  return (
    <div className="space-y-2">
      {open ? (
        <div className="space-y-2">
          <p className="text-sm text-muted">{t("admin.counter.cameraHelp")}</p>
          <video ref={video} muted playsInline className="aspect-video w-full max-w-md rounded-md bg-black" data-testid="counter-camera" />
          <Button onClick={() => setOpen(false)}>{t("admin.counter.cameraClose")}</Button>
        </div>
      ) : (
        <Button
          onClick={() => {
            setFailed(false);
            setOpen(true);
          }}
        >
          {t("admin.counter.camera")}
        </Button>
      )}
      {failed ? (
        <p role="alert" className="text-sm text-red-800">
          {t("admin.counter.cameraFailed")}
        </p>
      ) : null}
    </div>
  );
}
