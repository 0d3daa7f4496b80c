// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "server/mailer.h"

#include <QtCore/QThreadPool>

namespace everx {

// Mail through the operator's SMTP relay, with libcurl's SMTP support (not an SMTP client of our
// own): STARTTLS required on smtp:// (the connection fails rather than send in the clear), or TLS
// from the start on smtps://; the relay's certificate is verified against the system's
// authorities, or caFile's. One mail at a time on a thread of its own, in the order sent, each
// bounded by timeoutMs; at most maxQueued wait, and more are dropped (sent() says so), so a flood
// of sign-ups costs bounded memory. The relay's options are the operator's: everx-exchanged
// --smtp-url, --smtp-from, --smtp-user, --smtp-password-file, --smtp-ca-file.
//
// Threading: lives on the exchange thread; the destructor waits for the mail being sent.
class SmtpMailer final : public Mailer
{
    Q_OBJECT

public:
    struct Options
    {
        QString url; // smtp://relay.example.com:587 or smtps://relay.example.com:465; empty: none
        QString from; // the envelope and From: address
        QString user; // empty: no authentication
        QString password;
        QString caFile; // empty: the system's certificate authorities
        int timeoutMs = 30'000; // one mail, connection included
        int maxQueued = 256;
    };

    explicit SmtpMailer(const Options &options, QObject *parent = nullptr);
    ~SmtpMailer() override;
    Q_DISABLE_COPY_MOVE(SmtpMailer)

    void send(const Mail &mail) override;

    // The message as it goes to the relay (RFC 5322, UTF-8, CRLF), for tests.
    static QByteArray message(const Mail &mail, const QString &from, const QString &messageIdHost);

private:
    Options m_options;
    int m_queued = 0; // handed to the pool, not yet reported by sent()
    QThreadPool m_pool; // last: destroyed (waited for) first
};

} // namespace everx
