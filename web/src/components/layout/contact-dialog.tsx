import { Clock, Mail } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fr } from '@/i18n/fr';

/**
 * Contact dialog opened from the header. The contact form itself (and its sending) arrives with
 * the messaging service; until then the dialog leads to the contact page rather than pretending
 * to send anything.
 */
export default function ContactDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{fr.contact.dialogTitle}</DialogTitle>
          <DialogDescription>{fr.contact.dialogDescription}</DialogDescription>
        </DialogHeader>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Clock className="size-4 text-primary" aria-hidden="true" />
          {fr.contact.hours}
        </p>
        <Button asChild>
          <Link to="/contact" onClick={() => onOpenChange(false)}>
            <Mail aria-hidden="true" />
            {fr.contact.goToContact}
          </Link>
        </Button>
      </DialogContent>
    </Dialog>
  );
}
