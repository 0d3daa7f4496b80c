<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>everx::LadderView</name>
    <message numerus="yes">
        <source>%n GPU(s) offered at %1 per GPU-hour</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) bid at %1 per GPU-hour</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of them are your bids</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::MainWindow</name>
    <message numerus="yes">
        <source>Cancel the bid for %n GPU(s) of %1 at %2? The %3 it holds goes back to your balance.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stop the rental of %n GPU(s) of %1? The hour under way is billed; the %2 hour(s) left are not.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::OrderTicket</name>
    <message numerus="yes">
        <source>Buy now %n GPU(s) of %1 for %2 hour(s) at the best offers up to %3 per GPU-hour.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bid for %n GPU(s) of %1 for %2 hour(s) at %3 per GPU-hour.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::RentalsModel</name>
    <message numerus="yes">
        <source>%n h</source>
        <comment>hours left</comment>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
</TS>
