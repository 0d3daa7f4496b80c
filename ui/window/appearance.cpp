// SPDX-FileCopyrightText: 2026 EverXCloud
// SPDX-License-Identifier: GPL-3.0-or-later

#include "window/appearance.h"

#include "window/deskstyle.h"

#include <QtCore/QLibraryInfo>
#include <QtCore/QSettings>
#include <QtCore/QTranslator>
#include <QtGui/QPalette>
#include <QtWidgets/QApplication>
#include <QtWidgets/QStyle>
#include <QtWidgets/QStyleFactory>

namespace everx {

namespace {
const QString LanguageKey = QStringLiteral("appearance/language");
const QString ThemeKey = QStringLiteral("appearance/theme");

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x26, 0x28, 0x2b), base(0x1b, 0x1d, 0x20), text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x22, 0x25, 0x29));
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x30, 0x33, 0x37));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6e, 0x6e));
    p.setColor(QPalette::Link, QColor(0x64, 0xb5, 0xf6));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xb3));
    p.setColor(QPalette::HighlightedText, Qt::white);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}
} // namespace

Appearance::Appearance(QObject *parent)
    : QObject(parent)
{ }

Appearance::~Appearance()
{
    if (m_desk)
        QCoreApplication::removeTranslator(m_desk.get());
    if (m_qt)
        QCoreApplication::removeTranslator(m_qt.get());
}

QStringList Appearance::languages()
{
    return {QStringLiteral("en"), QStringLiteral("id"), QStringLiteral("tr")};
}

QString Appearance::nativeName(const QString &language)
{
    if (language == u"id")
        return QStringLiteral("Bahasa Indonesia");
    if (language == u"tr")
        return QStringLiteral("T\u00fcrk\u00e7e");
    return QStringLiteral("English");
}

bool Appearance::setLanguage(const QString &language)
{
    if (!languages().contains(language))
        return false;
    auto desk = std::make_unique<QTranslator>();
    if (!desk->load(QStringLiteral(":/i18n/everx_") + language))
        return false;
    if (m_desk)
        QCoreApplication::removeTranslator(m_desk.get());
    if (m_qt)
        QCoreApplication::removeTranslator(m_qt.get());
    m_qt.reset();
    // Qt's own strings (standard buttons, the wizard, message boxes, file dialogs, context
    // menus): Debian's catalog where it ships one (Turkish), else ours (Indonesian).
    auto qt = std::make_unique<QTranslator>();
    if (language != u"en"
        && (qt->load(QLocale(language), QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath))
            || qt->load(QStringLiteral(":/i18n/qtbase_") + language))) {
        m_qt = std::move(qt);
        QCoreApplication::installTranslator(m_qt.get());
    }
    m_desk = std::move(desk);
    m_language = language;
    const QLocale locale(language == u"en" ? QStringLiteral("en_US") : language);
    QLocale::setDefault(locale);
    // Installing the translator sends LanguageChange to every widget; the default locale is set
    // before that so that retranslated text formats numbers in the new locale.
    QCoreApplication::installTranslator(m_desk.get());
    QSettings().setValue(LanguageKey, language);
    Q_EMIT languageChanged(language, locale);
    return true;
}

void Appearance::setTheme(Theme theme)
{
    m_theme = theme;
    QApplication::setStyle(new DeskStyle); // the application owns it
    QApplication::setPalette(theme == Theme::Dark ? darkPalette()
                                                  : QApplication::style()->standardPalette());
    QSettings().setValue(ThemeKey,
                         theme == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light"));
    Q_EMIT themeChanged(theme);
}

QString Appearance::systemLanguage()
{
    // The user's languages in order of preference (LANGUAGE, then LC_ALL, LC_MESSAGES, LANG):
    // the first one the desk has wins.
    const QStringList preferred = QLocale::system().uiLanguages();
    for (const QString &tag : preferred) {
        const QString language = tag.section(u'-', 0, 0).section(u'_', 0, 0).toLower();
        if (languages().contains(language))
            return language;
    }
    return QStringLiteral("en");
}

void Appearance::restore()
{
    const QSettings settings;
    QString language = settings.value(LanguageKey).toString();
    if (!languages().contains(language))
        language = systemLanguage();
    setLanguage(language);
    setTheme(settings.value(ThemeKey).toString() == u"dark" ? Theme::Dark : Theme::Light);
}

} // namespace everx
