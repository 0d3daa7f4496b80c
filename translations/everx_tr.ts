<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="tr_TR">
<context>
    <name>QObject</name>
    <message>
        <source>Sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox exchange did not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>everx::ClientSession</name>
    <message>
        <source>disconnected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No way to reach the exchange is configured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The exchange did not answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The exchange refused the connection: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the exchange refused the connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The exchange speaks another protocol version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the exchange speaks another protocol version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the connection dropped before the reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reply to %1 within %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>signed out before the order could be sent again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>order %1 is already being placed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The exchange stopped answering.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>everx::InProcessTransport</name>
    <message>
        <source>The in-process exchange is not running.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>everx::LadderView</name>
    <message>
        <source>Spread %1 (%2 %)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No bids</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No offers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Empty book</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) offered at %1 per GPU-hour</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) bid at %1 per GPU-hour</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of them are your bids</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Order book ladder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offers above, bids below. Enter fills the order ticket with the current level.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orders</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>everx::MainWindow</name>
    <message>
        <source>Cancel order</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Cancel the bid for %n GPU(s) of %1 at %2? The %3 it holds goes back to your balance.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Stop rental</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Stop the rental of %n GPU(s) of %1? The hour under way is billed; the %2 hour(s) left are not.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EverX Desk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order book</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open orders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rentals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order ticket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel order…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stop rental…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy &amp;access details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <comment>round-trip latency</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not signed in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Available %1</source>
        <comment>balance</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>everx::MarketWatchModel</name>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bid</source>
        <comment>best bid price</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask</source>
        <comment>best offer price</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last</source>
        <comment>last traded price</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>24h change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>24h volume</source>
        <comment>GPU-hours traded in 24 hours</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16 TFLOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2, %3 GB %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not published</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>everx::OpenOrdersModel</name>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filled</source>
        <comment>GPUs of the bid filled so far</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held</source>
        <comment>money held for the bid</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>until cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>everx::OrderBookModel</name>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <comment>cumulative GPUs from the best price</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orders</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>everx::OrderTicket</name>
    <message>
        <source>Sign in to trade.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a GPU in the market watch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a price per GPU-hour, like %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The price can be at most %1 per GPU-hour.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This needs %1; %2 is available. Top up, or ask for fewer GPUs or hours.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Buy now %n GPU(s) of %1 for %2 hour(s) at the best offers up to %3 per GPU-hour.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bid for %n GPU(s) of %1 for %2 hour(s) at %3 per GPU-hour.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Confirm order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subtotal %1
Tax %2
Total held %3
Balance after %4
Prices exclude tax; rentals are billed hourly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order placed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Buy now</source>
        <comment>take the best offers at once</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B&amp;id</source>
        <comment>place a bid at your price</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Price per GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Balance after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Place order…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price per GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>everx::RentalsModel</name>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hours left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <comment>hours left</comment>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::WebSocketTransport</name>
    <message>
        <source>Not a ws:// or wss:// address: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>certificate fingerprint mismatch: expected SHA-256 %1, the server presented %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server&apos;s certificate is not trusted (SHA-256 %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
