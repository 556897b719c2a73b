import { Clock } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fr } from '@/i18n/fr';
import { ContactForm } from '@/features/contact/contact-form';

/**
 * Contact dialog opened from the header's 'Contact': the same form as /contact (and the same
 * sending); it closes once the message is sent. A new opening is a new form with its own ticket.
 */
export default function ContactDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="contact-dialog">
        <DialogHeader>
          <DialogTitle>{fr.contact.dialogTitle}</DialogTitle>
          <DialogDescription>{fr.contact.dialogDescription}</DialogDescription>
        </DialogHeader>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Clock className="size-4 text-primary" aria-hidden="true" />
          {fr.contact.hours}
        </p>
        {open && <ContactForm onSent={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
