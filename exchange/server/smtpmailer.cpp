// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "server/smtpmailer.h"

#include "market/threadhandoff.h"

#include <QtCore/QDateTime>
#include <QtCore/QLocale>
#include <QtCore/QLoggingCategory>
#include <QtCore/QRandomGenerator>
#include <QtCore/QUrl>

#include <curl/curl.h>

#include <cstring>
#include <mutex>

namespace everx {

Q_LOGGING_CATEGORY(lcMail, "everx.exchange.mail")

namespace {

// What libcurl reads the message from.
struct Upload
{
    QByteArray bytes;
    qsizetype offset = 0;
};

size_t readMessage(char *buffer, size_t size, size_t count, void *userData)
{
    auto *upload = static_cast<Upload *>(userData);
    const size_t left = size_t(upload->bytes.size() - upload->offset);
    const size_t n = std::min(size * count, left);
    std::memcpy(buffer, upload->bytes.constData() + upload->offset, n);
    upload->offset += qsizetype(n);
    return n;
}

QByteArray angle(const QString &address)
{
    return '<' + address.toUtf8() + '>';
}

// Sends one message; empty on success, else why not. Runs on the mailer's thread.
QString deliver(const SmtpMailer::Options &options, const QString &to, const QByteArray &message)
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
    CURL *curl = curl_easy_init();
    if (!curl)
        return QStringLiteral("libcurl could not start");
    char error[CURL_ERROR_SIZE] = {};
    const QByteArray url = options.url.toUtf8();
    const QByteArray from = angle(options.from);
    const QByteArray user = options.user.toUtf8();
    const QByteArray password = options.password.toUtf8();
    const QByteArray caFile = options.caFile.toUtf8();
    curl_slist *recipients = curl_slist_append(nullptr, angle(to).constData());
    Upload upload {message, 0};
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl, CURLOPT_URL, url.constData());
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
    // STARTTLS or nothing: a relay that does not offer it gets no mail in the clear.
    curl_easy_setopt(curl, CURLOPT_USE_SSL, long(CURLUSESSL_ALL));
    if (!caFile.isEmpty())
        curl_easy_setopt(curl, CURLOPT_CAINFO, caFile.constData());
    if (!user.isEmpty()) {
        curl_easy_setopt(curl, CURLOPT_USERNAME, user.constData());
        curl_easy_setopt(curl, CURLOPT_PASSWORD, password.constData());
    }
    curl_easy_setopt(curl, CURLOPT_MAIL_FROM, from.constData());
    curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, recipients);
    curl_easy_setopt(curl, CURLOPT_READFUNCTION, &readMessage);
    curl_easy_setopt(curl, CURLOPT_READDATA, &upload);
    curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, long(options.timeoutMs));
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, long(std::min(options.timeoutMs, 10'000)));
    const CURLcode code = curl_easy_perform(curl);
    curl_slist_free_all(recipients);
    curl_easy_cleanup(curl);
    if (code == CURLE_OK)
        return {};
    return QStringLiteral("%1 (%2)")
        .arg(QString::fromUtf8(*error ? error : curl_easy_strerror(code)))
        .arg(int(code));
}

} // namespace

SmtpMailer::SmtpMailer(const Options &options, QObject *parent)
    : Mailer(parent)
    , m_options(options)
{
    m_pool.setMaxThreadCount(1); // one at a time, in order
    m_pool.setObjectName(QStringLiteral("everx-mail"));
}

SmtpMailer::~SmtpMailer()
{
    m_pool.clear(); // mail not started yet is dropped; the one under way finishes
    m_pool.waitForDone();
}

QByteArray SmtpMailer::message(const Mail &mail, const QString &from, const QString &messageIdHost)
{
    // Date in RFC 5322's form, in English whatever the locale.
    const QString date = QLocale::c().toString(QDateTime::currentDateTimeUtc(),
                                               QStringLiteral("ddd, dd MMM yyyy hh:mm:ss +0000"));
    const QByteArray id = QByteArray::number(QRandomGenerator::system()->generate64(), 36) + '@'
        + messageIdHost.toUtf8();
    // A subject of printable ASCII goes as it is; anything else as an encoded word (RFC 2047).
    const QByteArray subject = mail.subject.toUtf8();
    bool ascii = true;
    for (const char c : subject)
        ascii = ascii && c >= 0x20 && c < 0x7f;
    QByteArray out;
    out += "Date: " + date.toLatin1() + "\r\n";
    out += "From: " + angle(from) + "\r\n";
    out += "To: " + angle(mail.to) + "\r\n";
    out += "Message-ID: <" + id + ">\r\n";
    out += "Subject: " + (ascii ? subject : "=?UTF-8?B?" + subject.toBase64() + "?=") + "\r\n";
    out += "MIME-Version: 1.0\r\n";
    out += "Content-Type: text/plain; charset=utf-8\r\n";
    out += "Content-Transfer-Encoding: 8bit\r\n";
    out += "Auto-Submitted: auto-generated\r\n";
    out += "\r\n";
    // libcurl doubles a line's leading dot itself (SMTP's transparency).
    for (const QString &line : mail.text.split(u'\n'))
        out += line.toUtf8() + "\r\n";
    return out;
}

void SmtpMailer::send(const Mail &mail)
{
    if (m_options.url.isEmpty()) {
        Q_EMIT sent(mail.to, false, QStringLiteral("no relay configured"));
        return;
    }
    if (m_pool.activeThreadCount() > 0 && m_queued >= m_options.maxQueued) {
        qCWarning(lcMail) << "mail queue full: dropped a mail to" << mail.to;
        Q_EMIT sent(mail.to, false, QStringLiteral("the mail queue is full"));
        return;
    }
    const QString host = QUrl(m_options.url).host();
    QByteArray text =
        message(mail, m_options.from, host.isEmpty() ? QStringLiteral("everx") : host);
    ++m_queued;
    ThreadHandoff::start(m_pool, [this, options = m_options, to = mail.to, text = std::move(text)] {
        const QString error = deliver(options, to, text);
        ThreadHandoff::post(this, [this, to, error] {
            --m_queued;
            if (error.isEmpty())
                qCInfo(lcMail) << "mail sent to" << to;
            else
                qCWarning(lcMail) << "mail to" << to << "not sent:" << error;
            Q_EMIT sent(to, error.isEmpty(), error);
        });
    });
}

} // namespace everx
