import { ImageOff } from 'lucide-react';
import { useState, type ImgHTMLAttributes } from 'react';
import { cn } from '@web/lib/utils';

/**
 * A decorative picture (a service's image) that turns into a plain placeholder when its file cannot be loaded
 * (a deleted upload, a dead link), instead of the browser's broken-image icon. Also the placeholder when there
 * is no source at all. The className sizes both.
 */
export function ImageOrPlaceholder({ src, className, ...rest }: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & { src: string | null | undefined }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div className={cn('flex items-center justify-center bg-slate-100 text-slate-400 dark:bg-slate-800', className)} data-testid="image-placeholder" aria-hidden>
        <ImageOff className="size-6" />
      </div>
    );
  }
  return <img {...rest} src={src} alt="" className={className} onError={() => setFailedSrc(src)} />;
}
