// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <QtCore/QLocale>
#include <QtCore/QObject>
#include <QtCore/QString>
#include <QtCore/QStringList>

#include <memory>

QT_BEGIN_NAMESPACE
class QTranslator;
QT_END_NAMESPACE

namespace everx {

// Language and theme of the desk (docs/architecture.md "The desk"), switchable at runtime and kept
// in QSettings ("appearance/language", "appearance/theme").
//
// setLanguage() installs the desk's translation (embedded under :/i18n, English included for its
// plural forms) and Qt's own (Debian's, or for Indonesian, which Debian lacks, the desk's
// :/i18n/qtbase_id), and makes the language's locale the default,
// so numbers, dates and money follow. Qt then sends QEvent::LanguageChange to every widget, which
// retranslates itself. setTheme() applies the Fusion style with a light or dark palette.
//
// Threading: the GUI thread. One instance per application.
class Appearance final : public QObject
{
    Q_OBJECT

public:
    enum class Theme { Light, Dark };
    Q_ENUM(Theme)

    explicit Appearance(QObject *parent = nullptr);
    ~Appearance() override;

    // "en", "id", "tr".
    static QStringList languages();
    // The language's own name ("English", "Bahasa Indonesia", "Türkçe"), never translated.
    static QString nativeName(const QString &language);

    QString language() const { return m_language; }
    // Returns false (and changes nothing) for a language the desk does not have.
    bool setLanguage(const QString &language);
    Theme theme() const { return m_theme; }
    void setTheme(Theme theme);

    // Applies what QSettings holds; with no language saved (the first launch), the system's
    // language when it is one of ours, else English.
    void restore();
    // The first of the system's preferred languages that the desk has, else "en".
    static QString systemLanguage();

Q_SIGNALS:
    void languageChanged(const QString &language, const QLocale &locale);
    void themeChanged(everx::Appearance::Theme theme);

private:
    QString m_language;
    Theme m_theme = Theme::Light;
    std::unique_ptr<QTranslator> m_desk;
    std::unique_ptr<QTranslator> m_qt;
};

} // namespace everx
