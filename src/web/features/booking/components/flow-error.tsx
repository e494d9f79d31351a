import { Link } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useT } from '@web/lib/i18n';
import { bookingMessages } from '../messages';

/** The booking flow's error screens: a title, what happened, and Back to Services. */
export function FlowError({ title, text, detail }: { title: string; text: string; detail?: string }) {
  const t = useT(bookingMessages);
  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-red-700">
          <AlertTriangle className="size-5" aria-hidden /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p>{text}</p>
        {detail && <p className="text-slate-600">{detail}</p>}
        <Button asChild>
          <Link to="/">{t('backToServices')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
