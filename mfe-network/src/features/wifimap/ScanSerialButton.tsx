// Scanning an AP's serial number with the camera (the label's barcode or QR code), for binding a
// planned AP on the Wi-Fi map. It uses the browser's own BarcodeDetector (Chromium on Android,
// ChromeOS and macOS have it); where the browser lacks it or has no camera access, the button is not
// shown and the number is typed as before. No decoding library is shipped.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, InlineNotice, Modal, Stack } from '@airloom/shared-ui';

/** What this page uses of the BarcodeDetector API (not in TypeScript's DOM library yet). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new () => BarcodeDetectorLike;

/** The browser's BarcodeDetector, when it has one and may use a camera; else null. */
export function barcodeDetector(): BarcodeDetectorConstructor | null {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return null;
  const ctor = (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (typeof ctor !== 'function' || typeof navigator.mediaDevices?.getUserMedia !== 'function') return null;
  return ctor;
}

/** how often a camera frame is looked at (a label is held still for a moment) */
const SCAN_EVERY_MS = 200;

export function ScanSerialButton({ onScanned }: { onScanned: (sn: string) => void }) {
  const { t } = useTranslation('network');
  const [open, setOpen] = useState(false);
  // decided once: a browser does not gain or lose the API while the page is open
  const [Detector] = useState(barcodeDetector);
  if (!Detector) return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>{t('wifimap.scan.button')}</Button>
      {open && (
        <ScanDialog
          Detector={Detector}
          onClose={() => setOpen(false)}
          onScanned={(sn) => {
            setOpen(false);
            onScanned(sn);
          }}
        />
      )}
    </>
  );
}

function ScanDialog({ Detector, onClose, onScanned }: { Detector: BarcodeDetectorConstructor; onClose: () => void; onScanned: (sn: string) => void }) {
  const { t } = useTranslation('network');
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const scanned = useRef(onScanned);
  scanned.current = onScanned;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detector = new Detector();

    async function look() {
      if (stopped || !video.current) return;
      try {
        const found = (await detector.detect(video.current)).map((b) => b.rawValue.trim()).find((v) => v !== '');
        if (found && !stopped) {
          // the camera is given back at once, not when React gets round to unmounting the dialog
          stopped = true;
          if (stream) stop(stream);
          scanned.current(found);
          return;
        }
      } catch {
        // a frame that is not ready yet: look at the next one
      }
      if (!stopped) timer = setTimeout(() => void look(), SCAN_EVERY_MS);
    }

    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }).then(
      async (s) => {
        stream = s;
        if (stopped || !video.current) return stop(s);
        video.current.srcObject = s;
        await Promise.resolve(video.current.play()).catch(() => undefined);
        void look();
      },
      (err: unknown) => {
        if (stopped) return;
        const name = (err as { name?: string } | null)?.name;
        setError(name === 'NotAllowedError' || name === 'SecurityError' ? t('wifimap.scan.denied') : t('wifimap.scan.noCamera'));
      },
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (stream) stop(stream);
    };
  }, [Detector, t]);

  return (
    <Modal open title={t('wifimap.scan.title')} onClose={onClose} footer={<Button onClick={onClose}>{t('wifimap.cancel')}</Button>}>
      <Stack $gap="md">
        {error ? <InlineNotice tone="danger">{error}</InlineNotice> : <p>{t('wifimap.scan.hint')}</p>}
        <video ref={video} muted playsInline aria-label={t('wifimap.scan.camera')} style={{ width: '100%', maxHeight: '60vh', background: '#000', display: error ? 'none' : 'block' }} />
      </Stack>
    </Modal>
  );
}

/** The camera is given back as soon as the dialog closes (its light goes off). */
function stop(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
