import { Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';

/** The end of an e-mailed link's page (a password chosen, a booking claimed): what happened and where next. */
export function DoneCard({ title, text, to, action, testId }: { title: string; text?: ReactNode; to: '/' | '/auth' | '/bookings'; action: string; testId?: string }) {
  return (
    <Card className="mx-auto mt-6 max-w-md" data-testid={testId}>
      <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
        <DoneMark title={title} text={text} />
        <Button asChild>
          <Link to={to}>{action}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The tick, the title and the sentence under it. */
export function DoneMark({ title, text }: { title: string; text?: ReactNode }) {
  return (
    <>
      <CheckCircle2 className="size-12 text-green-600" aria-hidden />
      <h1 className="text-xl font-semibold">{title}</h1>
      {text && <p className="text-slate-600">{text}</p>}
    </>
  );
}
