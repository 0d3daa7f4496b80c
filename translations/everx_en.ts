<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
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
        <source>Stop the rental of %n GPU(s) of %1? The hour under way is billed; the %2 hour(s) left are not.</source>
        <translation>
            <numerusform>Stop the rental of %n GPU of %1? The hour under way is billed; the %2 hour(s) left are not.</numerusform>
            <numerusform>Stop the rental of %n GPUs of %1? The hour under way is billed; the %2 hour(s) left are not.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::OrderTicket</name>
    <message numerus="yes">
        <source>Buy now %n GPU(s) of %1 for %2 hour(s) at the best offers up to %3 per GPU-hour.</source>
        <translation>
            <numerusform>Buy now %n GPU of %1 for %2 hour(s) at the best offers up to %3 per GPU-hour.</numerusform>
            <numerusform>Buy now %n GPUs of %1 for %2 hour(s) at the best offers up to %3 per GPU-hour.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bid for %n GPU(s) of %1 for %2 hour(s) at %3 per GPU-hour.</source>
        <translation>
            <numerusform>Bid for %n GPU of %1 for %2 hour(s) at %3 per GPU-hour.</numerusform>
            <numerusform>Bid for %n GPUs of %1 for %2 hour(s) at %3 per GPU-hour.</numerusform>
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
</context>
</TS>
