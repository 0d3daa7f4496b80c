<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>everx::ClusterDialog</name>
    <message numerus="yes">
        <source>The cluster of %n listing(s): servers of yours joined by a fast network.</source>
        <translation>
            <numerusform>The cluster of %n listing: servers of yours joined by a fast network.</numerusform>
            <numerusform>The cluster of %n listings: servers of yours joined by a fast network.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::DeskState</name>
    <message numerus="yes">
        <source>%n GPU(s) of %1 bought at %2 per GPU-hour</source>
        <translation>
            <numerusform>%n GPU of %1 bought at %2 per GPU-hour</numerusform>
            <numerusform>%n GPUs of %1 bought at %2 per GPU-hour</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rental started: %n GPU(s) of %1, %2 h at %3 per GPU-hour</source>
        <translation>
            <numerusform>Rental started: %n GPU of %1, %2 h at %3 per GPU-hour</numerusform>
            <numerusform>Rental started: %n GPUs of %1, %2 h at %3 per GPU-hour</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rental ended: %n GPU(s) of %1</source>
        <translation>
            <numerusform>Rental ended: %n GPU of %1</numerusform>
            <numerusform>Rental ended: %n GPUs of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of %1 bought at %2 to %3 per GPU-hour</source>
        <comment>several fills at their prices</comment>
        <translation>
            <numerusform>%n GPU of %1 bought at %2 to %3 per GPU-hour</numerusform>
            <numerusform>%n GPUs of %1 bought at %2 to %3 per GPU-hour</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reserved: %n GPU(s) of %1 from %2 for %3 h</source>
        <translation>
            <numerusform>Reserved: %n GPU of %1 from %2 for %3 h</numerusform>
            <numerusform>Reserved: %n GPUs of %1 from %2 for %3 h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your window of %n GPU(s) of %1 starts at %2</source>
        <translation>
            <numerusform>Your window of %n GPU of %1 starts at %2</numerusform>
            <numerusform>Your window of %n GPUs of %1 starts at %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reservation of %n GPU(s) of %1 from %2 cancelled; fee %3</source>
        <translation>
            <numerusform>Reservation of %n GPU of %1 from %2 cancelled; fee %3</numerusform>
            <numerusform>Reservation of %n GPUs of %1 from %2 cancelled; fee %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reservation of %n GPU(s) of %1 from %2 cancelled and refunded in full</source>
        <translation>
            <numerusform>Reservation of %n GPU of %1 from %2 cancelled and refunded in full</numerusform>
            <numerusform>Reservation of %n GPUs of %1 from %2 cancelled and refunded in full</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::Invoice</name>
    <message numerus="yes">
        <source>%1 of %n booked</source>
        <comment>hours</comment>
        <translation>
            <numerusform>%1 of %n booked</numerusform>
            <numerusform>%1 of %n booked</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::LadderView</name>
    <message numerus="yes">
        <source>%n GPU(s) offered at %1 per GPU-hour</source>
        <translation>
            <numerusform>%n GPU offered at %1 per GPU-hour</numerusform>
            <numerusform>%n GPUs offered at %1 per GPU-hour</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) bid at %1 per GPU-hour</source>
        <translation>
            <numerusform>%n GPU bid at %1 per GPU-hour</numerusform>
            <numerusform>%n GPUs bid at %1 per GPU-hour</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of them are your bids</source>
        <translation>
            <numerusform>%n GPU of them is your bid</numerusform>
            <numerusform>%n GPUs of them are your bids</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At most %n GPU(s) of them on one server</source>
        <translation>
            <numerusform>At most %n GPU of them on one server</numerusform>
            <numerusform>At most %n GPUs of them on one server</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::MainWindow</name>
    <message numerus="yes">
        <source>Cancel the bid for %n GPU(s) of %1 at %2? The %3 it holds goes back to your balance.</source>
        <translation>
            <numerusform>Cancel the bid for %n GPU of %1 at %2? The %3 it holds goes back to your balance.</numerusform>
            <numerusform>Cancel the bid for %n GPUs of %1 at %2? The %3 it holds goes back to your balance.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stop the rental of %n GPU(s) of %1?</source>
        <translation>
            <numerusform>Stop the rental of %n GPU of %1?</numerusform>
            <numerusform>Stop the rental of %n GPUs of %1?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The hour under way is billed; the %n hour(s) after it are not.</source>
        <translation>
            <numerusform>The hour under way is billed; the %n hour after it is not.</numerusform>
            <numerusform>The hour under way is billed; the %n hours after it are not.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cancel the reservation of %n GPU(s) of %1 from %2?</source>
        <translation>
            <numerusform>Cancel the reservation of %n GPU of %1 from %2?</numerusform>
            <numerusform>Cancel the reservation of %n GPUs of %1 from %2?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::ModelPage</name>
    <message numerus="yes">
        <source>(%n experts per layer, all in memory)</source>
        <translation>
            <numerusform>(%n expert per layer, all in memory)</numerusform>
            <numerusform>(%n experts per layer, all in memory)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::NotificationsDock</name>
    <message numerus="yes">
        <source>Notifications (%n)</source>
        <comment>unread notifications</comment>
        <translation>
            <numerusform>Notifications (%n)</numerusform>
            <numerusform>Notifications (%n)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::OrderTicket</name>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n hour</numerusform>
            <numerusform>%n hours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1; for %n on one server: %2</source>
        <extracomment>%1 the best offer; %2 the best price for the GPUs on one server, or &quot;none&quot;</extracomment>
        <translation>
            <numerusform>%1; for %n on one server: %2</numerusform>
            <numerusform>%1; for %n on one server: %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No one server offers %n GPU(s) now.</source>
        <translation>
            <numerusform>No one server offers %n GPU now.</numerusform>
            <numerusform>No one server offers %n GPUs now.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No one cluster offers %n GPU(s) now.</source>
        <translation>
            <numerusform>No one cluster offers %n GPU now.</numerusform>
            <numerusform>No one cluster offers %n GPUs now.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fewer than %n GPU(s) are offered now.</source>
        <translation>
            <numerusform>Fewer than %n GPU is offered now.</numerusform>
            <numerusform>Fewer than %n GPUs are offered now.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Buy now %n GPU(s) of %1 for %2, %3.</source>
        <extracomment>%1 is the GPU&apos;s name, %2 a number of hours (&quot;3 hours&quot;), %3 where the GPUs come from</extracomment>
        <translation>
            <numerusform>Buy now %n GPU of %1 for %2, %3.</numerusform>
            <numerusform>Buy now %n GPUs of %1 for %2, %3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Average price %1 per GPU-hour (at most %2), from %n server(s)</source>
        <translation>
            <numerusform>Average price %1 per GPU-hour (at most %2), from %n server</numerusform>
            <numerusform>Average price %1 per GPU-hour (at most %2), from %n servers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bid for %n GPU(s) of %1 for %2 at %3 per GPU-hour, %4.</source>
        <extracomment>%1 is the GPU&apos;s name, %2 a number of hours (&quot;3 hours&quot;), %3 the bid&apos;s price, %4 where the GPUs come from</extracomment>
        <translation>
            <numerusform>Bid for %n GPU of %1 for %2 at %3 per GPU-hour, %4.</numerusform>
            <numerusform>Bid for %n GPUs of %1 for %2 at %3 per GPU-hour, %4.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Order placed: %1 of %n GPU(s) filled; the rest is released.</source>
        <translation>
            <numerusform>Order placed: %1 of %n GPU filled; the rest is released.</numerusform>
            <numerusform>Order placed: %1 of %n GPUs filled; the rest is released.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The start must be a whole hour from the next one to %n day(s) ahead: choose another.</source>
        <translation>
            <numerusform>The start must be a whole hour from the next one to %n day ahead: choose another.</numerusform>
            <numerusform>The start must be a whole hour from the next one to %n days ahead: choose another.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::PasswordDialog</name>
    <message numerus="yes">
        <source>Use at least %n character(s).</source>
        <translation>
            <numerusform>Use at least %n character.</numerusform>
            <numerusform>Use at least %n characters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::ProviderWorkspace</name>
    <message numerus="yes">
        <source>Remove %n listing(s)? Their idle GPUs leave the book at once, and a removed listing cannot be restored.</source>
        <translation>
            <numerusform>Remove %n listing? Its idle GPUs leave the book at once, and a removed listing cannot be restored.</numerusform>
            <numerusform>Remove %n listings? Their idle GPUs leave the book at once, and a removed listing cannot be restored.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Booked ahead on this server: %1 in %n window(s); on all: %2</source>
        <comment>earnings of reserved windows, less the platform fee</comment>
        <translation>
            <numerusform>Booked ahead on this server: %1 in %n window; on all: %2</numerusform>
            <numerusform>Booked ahead on this server: %1 in %n windows; on all: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::RentalsModel</name>
    <message numerus="yes">
        <source>%n h</source>
        <comment>hours left</comment>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h, starts in %1</source>
        <comment>a reserved window&apos;s hours and the time to its start</comment>
        <translation>
            <numerusform>%n h, starts in %1</numerusform>
            <numerusform>%n h, starts in %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::RepriceDialog</name>
    <message numerus="yes">
        <source>%n listing(s) selected.</source>
        <translation>
            <numerusform>%n listing selected.</numerusform>
            <numerusform>%n listings selected.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::ResultsPage</name>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n hour</numerusform>
            <numerusform>%n hours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The run needs %n hour(s), more than one bid covers: bid again when it ends, or choose GPUs that need fewer hours.</source>
        <translation>
            <numerusform>The run needs %n hour, more than one bid covers: bid again when it ends, or choose GPUs that need fewer hours.</numerusform>
            <numerusform>The run needs %n hours, more than one bid covers: bid again when it ends, or choose GPUs that need fewer hours.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The book cannot take %n GPU(s) %1 now.</source>
        <translation>
            <numerusform>The book cannot take %n GPU %1 now.</numerusform>
            <numerusform>The book cannot take %n GPUs %1 now.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The book quotes %1 for %n GPU(s) %2 for %3, tax included.</source>
        <comment>total, GPUs, placement, hours</comment>
        <translation>
            <numerusform>The book quotes %1 for %n GPU %2 for %3, tax included.</numerusform>
            <numerusform>The book quotes %1 for %n GPUs %2 for %3, tax included.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>on a cluster of %n server(s)</source>
        <translation>
            <numerusform>on a cluster of %n server</numerusform>
            <numerusform>on a cluster of %n servers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>As asked it needs %n GPU(s)</source>
        <comment>the run as the user asked it</comment>
        <translation>
            <numerusform>As asked it needs %n GPU</numerusform>
            <numerusform>As asked it needs %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Cheapest start in the next %n day(s)</source>
        <translation>
            <numerusform>&amp;Cheapest start in the next %n day</numerusform>
            <numerusform>&amp;Cheapest start in the next %n days</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::SignUpDialog</name>
    <message numerus="yes">
        <source>Use at least %n character(s).</source>
        <translation>
            <numerusform>Use at least %n character.</numerusform>
            <numerusform>Use at least %n characters.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Enter the %n-digit code from the mail.</source>
        <translation>
            <numerusform>Enter the %n-digit code from the mail.</numerusform>
            <numerusform>Enter the %n-digit code from the mail.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::SizingResultsModel</name>
    <message numerus="yes">
        <source>%n GPU(s) at the best offer of %1 per GPU-hour</source>
        <translation>
            <numerusform>%n GPU at the best offer of %1 per GPU-hour</numerusform>
            <numerusform>%n GPUs at the best offer of %1 per GPU-hour</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Does not fit: the quick rule needs more than %n GPU(s)</source>
        <translation>
            <numerusform>Does not fit: the quick rule needs more than %n GPU</numerusform>
            <numerusform>Does not fit: the quick rule needs more than %n GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Does not fit at any count up to %n GPU(s): memory that every GPU keeps (activations, unsharded states) is larger than one GPU</source>
        <translation>
            <numerusform>Does not fit at any count up to %n GPU: memory that every GPU keeps (activations, unsharded states) is larger than one GPU</numerusform>
            <numerusform>Does not fit at any count up to %n GPUs: memory that every GPU keeps (activations, unsharded states) is larger than one GPU</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>needs %n GPU(s), more than your limit of %1</source>
        <translation>
            <numerusform>needs %n GPU, more than your limit of %1</numerusform>
            <numerusform>needs %n GPUs, more than your limit of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) joined only by %1, no NVLink or Infinity Fabric</source>
        <translation>
            <numerusform>%n GPU joined only by %1, no NVLink or Infinity Fabric</numerusform>
            <numerusform>%n GPUs joined only by %1, no NVLink or Infinity Fabric</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>KV cache for %1 tokens × %n sequence(s): keys and values of every layer, grouped-query heads counted once (GQA paper).</source>
        <translation>
            <numerusform>KV cache for %1 tokens × %n sequence: keys and values of every layer, grouped-query heads counted once (GQA paper).</numerusform>
            <numerusform>KV cache for %1 tokens × %n sequences: keys and values of every layer, grouped-query heads counted once (GQA paper).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 GPU-hours: rent %n hour(s) on the GPUs needed</source>
        <translation>
            <numerusform>%1 GPU-hours: rent %n hour on the GPUs needed</numerusform>
            <numerusform>%1 GPU-hours: rent %n hours on the GPUs needed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) × %1 h × %2 = %3, plus %4 tax: %5, what the order will hold</source>
        <comment>GPUs × whole hours × price per GPU-hour</comment>
        <translation>
            <numerusform>%n GPU × %1 h × %2 = %3, plus %4 tax: %5, what the order will hold</numerusform>
            <numerusform>%n GPUs × %1 h × %2 = %3, plus %4 tax: %5, what the order will hold</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>As you asked: the run fits %n GPU(s) this way.</source>
        <translation>
            <numerusform>As you asked: the run fits %n GPU this way.</numerusform>
            <numerusform>As you asked: the run fits %n GPUs this way.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>As asked, the run needs %n GPU(s).</source>
        <translation>
            <numerusform>As asked, the run needs %n GPU.</numerusform>
            <numerusform>As asked, the run needs %n GPUs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>So it needs %n GPU(s).</source>
        <translation>
            <numerusform>So it needs %n GPU.</numerusform>
            <numerusform>So it needs %n GPUs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>cluster of %n server(s)</source>
        <translation>
            <numerusform>cluster of %n server</numerusform>
            <numerusform>cluster of %n servers</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n GPU(s) on one server: they exchange the model&apos;s weights, gradients or activations at every step.</source>
        <translation>
            <numerusform>%n GPU on one server: it exchanges the model&apos;s weights, gradients or activations at every step.</numerusform>
            <numerusform>All %n GPUs on one server: they exchange the model&apos;s weights, gradients or activations at every step.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s), more than the largest server of %1: servers of one provider&apos;s cluster, joined by one fabric.</source>
        <translation>
            <numerusform>%n GPU, more than the largest server of %1: servers of one provider&apos;s cluster, joined by one fabric.</numerusform>
            <numerusform>%n GPUs, more than the largest server of %1: servers of one provider&apos;s cluster, joined by one fabric.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::StaleBanner</name>
    <message numerus="yes">
        <source>%1 — reconnecting in %n s</source>
        <translation>
            <numerusform>%1 — reconnecting in %n s</numerusform>
            <numerusform>%1 — reconnecting in %n s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::StartCostChart</name>
    <message numerus="yes">
        <source>No start in the next %n day(s) has the GPUs free for the whole run.</source>
        <translation>
            <numerusform>No start in the next %n day has the GPUs free for the whole run.</numerusform>
            <numerusform>No start in the next %n days has the GPUs free for the whole run.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::SupportTableModel</name>
    <message numerus="yes">
        <source>%n bid(s) cancelled</source>
        <translation>
            <numerusform>%n bid cancelled</numerusform>
            <numerusform>%n bids cancelled</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n listing(s) paused</source>
        <translation>
            <numerusform>%n listing paused</numerusform>
            <numerusform>%n listings paused</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::SupportWorkspace</name>
    <message numerus="yes">
        <source>%n account(s) found.</source>
        <translation>
            <numerusform>%n account found.</numerusform>
            <numerusform>%n accounts found.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Chain verified: %n entry(ies) of this account.</source>
        <translation>
            <numerusform>Chain verified: %n entry of this account.</numerusform>
            <numerusform>Chain verified: %n entries of this account.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::TradeTapeModel</name>
    <message numerus="yes">
        <source>%Ln h</source>
        <comment>hours a trade rents for</comment>
        <translation>
            <numerusform>%Ln h</numerusform>
            <numerusform>%Ln h</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::WalletWidget</name>
    <message numerus="yes">
        <source>Exported %n ledger entry(s) to %1.</source>
        <translation>
            <numerusform>Exported %n ledger entry to %1.</numerusform>
            <numerusform>Exported %n ledger entries to %1.</numerusform>
        </translation>
    </message>
</context>
</TS>
