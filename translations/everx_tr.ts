<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="tr_TR">
<context>
    <name>AdjustmentDialog</name>
    <message>
        <source>Adjust balance</source>
        <translation>Bakiyeyi düzelt</translation>
    </message>
    <message>
        <source>&amp;Amount (USD, negative to debit):</source>
        <translation>&amp;Tutar (USD, borçlandırmak için eksi):</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>&amp;Gerekçe:</translation>
    </message>
    <message>
        <source>Large adjustments, and those past your daily total, wait for a second support agent.</source>
        <translation>Büyük düzeltmeler ve günlük toplamınızı aşanlar ikinci bir destek temsilcisini bekler.</translation>
    </message>
</context>
<context>
    <name>ClusterDialog</name>
    <message>
        <source>Cluster</source>
        <translation>Küme</translation>
    </message>
    <message>
        <source>Cluster &amp;name:</source>
        <translation>Küme &amp;adı:</translation>
    </message>
    <message>
        <source>&amp;Fabric:</source>
        <comment>the network between the servers of a cluster</comment>
        <translation>&amp;Bağlantı ağı:</translation>
    </message>
    <message>
        <source>&amp;Speed per server:</source>
        <translation>Sunucu başına &amp;hız:</translation>
    </message>
    <message>
        <source> Gb/s</source>
        <translation> Gb/s</translation>
    </message>
    <message>
        <source>A customer&apos;s cluster order takes GPUs from servers of one cluster only. Every server of a cluster has the same GPU, region, fabric and speed. Leave the name empty to take the listings out of their cluster.</source>
        <translation>Bir müşterinin küme emri GPU&apos;ları yalnızca tek bir kümenin sunucularından alır. Bir kümenin her sunucusunda GPU, bölge, bağlantı ağı ve hız aynıdır. İlanları kümelerinden çıkarmak için adı boş bırakın.</translation>
    </message>
</context>
<context>
    <name>ListingDialog</name>
    <message>
        <source>Add a listing</source>
        <translation>İlan ekle</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>&amp;GPU:</translation>
    </message>
    <message>
        <source>G&amp;PUs in the server:</source>
        <translation>Sunucudaki G&amp;PU sayısı:</translation>
    </message>
    <message>
        <source>&amp;Price per GPU-hour (USD):</source>
        <translation>GPU saati başına &amp;fiyat (USD):</translation>
    </message>
    <message>
        <source>&amp;Region:</source>
        <translation>&amp;Bölge:</translation>
    </message>
    <message>
        <source>&amp;Access endpoint:</source>
        <translation>&amp;Erişim noktası:</translation>
    </message>
</context>
<context>
    <name>PayoutDialog</name>
    <message>
        <source>Request a payout</source>
        <translation>Para çekme talep et</translation>
    </message>
    <message>
        <source>&amp;Amount (USD):</source>
        <translation>&amp;Tutar (USD):</translation>
    </message>
</context>
<context>
    <name>ProviderWorkspace</name>
    <message>
        <source>Provider workspace</source>
        <translation>Sağlayıcı çalışma alanı</translation>
    </message>
    <message>
        <source>&amp;Listings</source>
        <translation>İ&amp;lanlar</translation>
    </message>
    <message>
        <source>A&amp;dd…</source>
        <translation>E&amp;kle…</translation>
    </message>
    <message>
        <source>&amp;Reprice…</source>
        <translation>&amp;Yeniden fiyatla…</translation>
    </message>
    <message>
        <source>Pau&amp;se</source>
        <translation>D&amp;uraklat</translation>
    </message>
    <message>
        <source>Res&amp;ume</source>
        <translation>&amp;Sürdür</translation>
    </message>
    <message>
        <source>Rem&amp;ove</source>
        <translation>Kaldı&amp;r</translation>
    </message>
    <message>
        <source>Rentals on my &amp;hardware</source>
        <translation>Donanımımdaki kir&amp;alamalar</translation>
    </message>
    <message>
        <source>&amp;Older rentals</source>
        <translation>Da&amp;ha eski kiralamalar</translation>
    </message>
    <message>
        <source>Ear&amp;nings</source>
        <translation>Ka&amp;zanç</translation>
    </message>
    <message>
        <source>Per&amp;iod:</source>
        <translation>Dö&amp;nem:</translation>
    </message>
    <message>
        <source>E&amp;xport CSV…</source>
        <translation>CSV dışa a&amp;ktar…</translation>
    </message>
    <message>
        <source>&amp;Payouts</source>
        <translation>&amp;Para çekme</translation>
    </message>
    <message>
        <source>Re&amp;quest a payout…</source>
        <translation>Para çekme &amp;talep et…</translation>
    </message>
    <message>
        <source>&amp;Cluster…</source>
        <comment>servers of one provider joined by a fast network</comment>
        <translation>Kü&amp;me…</translation>
    </message>
    <message>
        <source>Cal&amp;endar</source>
        <comment>a server&apos;s GPUs hour by hour, two weeks ahead</comment>
        <translation>Tak&amp;vim</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>Sunu&amp;cu:</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>The sandbox exchange did not start: %1</source>
        <translation>Sandbox borsası başlatılamadı: %1</translation>
    </message>
</context>
<context>
    <name>RepriceDialog</name>
    <message>
        <source>Reprice listings</source>
        <translation>İlanları yeniden fiyatla</translation>
    </message>
    <message>
        <source>&amp;New price:</source>
        <translation>&amp;Yeni fiyat:</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>&amp;Değer:</translation>
    </message>
</context>
<context>
    <name>SupportWorkspace</name>
    <message>
        <source>Accounts</source>
        <translation>Hesaplar</translation>
    </message>
    <message>
        <source>Email, name, company or account number</source>
        <translation>E-posta, ad, şirket veya hesap numarası</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Ara</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Önceki</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Sonraki</translation>
    </message>
    <message>
        <source>Adjust &amp;balance...</source>
        <translation>Bakiyeyi dü&amp;zelt...</translation>
    </message>
    <message>
        <source>Add &amp;note...</source>
        <translation>&amp;Not ekle...</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Yenile</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Hesap hareketleri</translation>
    </message>
    <message>
        <source>K&amp;ind:</source>
        <translation>Tü&amp;r:</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Emirler</translation>
    </message>
    <message>
        <source>Rentals</source>
        <translation>Kiralamalar</translation>
    </message>
    <message>
        <source>Listings</source>
        <translation>İlanlar</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Oturumlar</translation>
    </message>
    <message>
        <source>Failed sign-ins</source>
        <translation>Başarısız girişler</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Notlar</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>Denetim</translation>
    </message>
    <message>
        <source>R&amp;efresh</source>
        <translation>Ye&amp;nile</translation>
    </message>
    <message>
        <source>A&amp;pprove...</source>
        <translation>&amp;Onayla...</translation>
    </message>
    <message>
        <source>&amp;Decline...</source>
        <translation>Redde&amp;t...</translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation>Denetim kaydı</translation>
    </message>
    <message>
        <source>A&amp;gent:</source>
        <translation>Te&amp;msilci:</translation>
    </message>
    <message>
        <source>any</source>
        <translation>tümü</translation>
    </message>
    <message>
        <source>A&amp;ccount:</source>
        <translation>&amp;Hesap:</translation>
    </message>
    <message>
        <source>Fr&amp;om:</source>
        <translation>&amp;Başlangıç:</translation>
    </message>
    <message>
        <source>&amp;Until:</source>
        <translation>Bi&amp;tiş:</translation>
    </message>
    <message>
        <source>S&amp;how</source>
        <translation>G&amp;öster</translation>
    </message>
    <message>
        <source>S&amp;uspend...</source>
        <translation>Askıya a&amp;l...</translation>
    </message>
    <message>
        <source>Reac&amp;tivate...</source>
        <translation>Yeniden et&amp;kinleştir...</translation>
    </message>
    <message>
        <source>Appro&amp;ve application...</source>
        <translation>Başvuruyu &amp;onayla...</translation>
    </message>
    <message>
        <source>Re&amp;ject application...</source>
        <translation>Başvuruyu &amp;reddet...</translation>
    </message>
    <message>
        <source>Queue</source>
        <comment>tab: what waits for support&apos;s decision</comment>
        <translation>Kuyruk</translation>
    </message>
    <message>
        <source>Adjustments waiting for a second agent</source>
        <translation>İkinci bir temsilciyi bekleyen düzeltmeler</translation>
    </message>
    <message>
        <source>Payout requests</source>
        <translation>Para çekme talepleri</translation>
    </message>
    <message>
        <source>Mark pa&amp;id...</source>
        <translation>&amp;Ödendi olarak işaretle...</translation>
    </message>
    <message>
        <source>Re&amp;ject...</source>
        <comment>a payout request</comment>
        <translation>&amp;Reddet...</translation>
    </message>
    <message>
        <source>Providers&apos; applications waiting for a decision</source>
        <translation>Karar bekleyen sağlayıcı başvuruları</translation>
    </message>
    <message>
        <source>Pending app&amp;lications</source>
        <translation>Bekleyen &amp;başvurular</translation>
    </message>
    <message>
        <source>Top-ups paid after they expired</source>
        <translation>Süresi dolduktan sonra ödenen bakiye yüklemeleri</translation>
    </message>
    <message>
        <source>&amp;Credit...</source>
        <comment>a top-up paid after it expired</comment>
        <translation>&amp;Alacaklandır...</translation>
    </message>
    <message>
        <source>Mark refu&amp;nded...</source>
        <comment>a top-up paid after it expired</comment>
        <translation>İade edildi olarak i&amp;şaretle...</translation>
    </message>
    <message>
        <source>Support workspace</source>
        <translation>Destek çalışma alanı</translation>
    </message>
    <message>
        <source>Reservations</source>
        <comment>windows reserved ahead</comment>
        <translation>Rezervasyonlar</translation>
    </message>
</context>
<context>
    <name>everx::CandleModel</name>
    <message>
        <source>Time</source>
        <comment>start of a candle</comment>
        <translation>Zaman</translation>
    </message>
    <message>
        <source>Open</source>
        <comment>first price of a candle</comment>
        <translation>Açılış</translation>
    </message>
    <message>
        <source>High</source>
        <comment>highest price of a candle</comment>
        <translation>En yüksek</translation>
    </message>
    <message>
        <source>Low</source>
        <comment>lowest price of a candle</comment>
        <translation>En düşük</translation>
    </message>
    <message>
        <source>Close</source>
        <comment>last price of a candle</comment>
        <translation>Kapanış</translation>
    </message>
    <message>
        <source>Volume</source>
        <comment>GPU-hours traded</comment>
        <translation>Hacim</translation>
    </message>
</context>
<context>
    <name>everx::ClientSession</name>
    <message>
        <source>disconnected</source>
        <translation>bağlantı kesildi</translation>
    </message>
    <message>
        <source>No way to reach the exchange is configured.</source>
        <translation>Borsaya bağlantı yapılandırılmamış.</translation>
    </message>
    <message>
        <source>The exchange did not answer.</source>
        <translation>Borsa yanıt vermedi.</translation>
    </message>
    <message>
        <source>The exchange refused the connection: %1</source>
        <translation>Borsa bağlantıyı reddetti: %1</translation>
    </message>
    <message>
        <source>the exchange refused the connection</source>
        <translation>borsa bağlantıyı reddetti</translation>
    </message>
    <message>
        <source>The exchange speaks another protocol version.</source>
        <translation>Borsa farklı bir protokol sürümü kullanıyor.</translation>
    </message>
    <message>
        <source>the exchange speaks another protocol version</source>
        <translation>borsa farklı bir protokol sürümü kullanıyor</translation>
    </message>
    <message>
        <source>the connection dropped before the reply</source>
        <translation>yanıt gelmeden bağlantı koptu</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>bağlı değil</translation>
    </message>
    <message>
        <source>no reply to %1 within %2 s</source>
        <translation>%1 için %2 sn içinde yanıt gelmedi</translation>
    </message>
    <message>
        <source>signed out before the order could be sent again</source>
        <translation>emir yeniden gönderilemeden oturum kapatıldı</translation>
    </message>
    <message>
        <source>order %1 is already being placed</source>
        <translation>%1 emri zaten gönderiliyor</translation>
    </message>
    <message>
        <source>The exchange stopped answering.</source>
        <translation>Borsa yanıt vermeyi bıraktı.</translation>
    </message>
    <message>
        <source>the account&apos;s session ended before the order could be sent again</source>
        <translation>emir yeniden gönderilemeden hesabın oturumu sona erdi</translation>
    </message>
</context>
<context>
    <name>everx::ClusterDialog</name>
    <message numerus="yes">
        <source>The cluster of %n listing(s): servers of yours joined by a fast network.</source>
        <translation>
            <numerusform>%n ilanın kümesi: hızlı bir ağla birbirine bağlı sunucularınız.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::ConnectDialog</name>
    <message>
        <source>WARNING: %1 presented a different certificate from the one you trusted.
Trusted SHA-256:
%2
Presented SHA-256:
%3
Someone may be intercepting the connection, so the desk did not connect. If the operator has replaced the certificate, confirm the new fingerprint with them, forget the old one, and connect again.</source>
        <translation>UYARI: %1, güvendiğiniz sertifikadan farklı bir sertifika sundu.
Güvenilen SHA-256:
%2
Sunulan SHA-256:
%3
Bağlantı birisi tarafından dinleniyor olabilir; bu nedenle uygulama bağlanmadı. Operatör sertifikayı değiştirdiyse yeni parmak izini kendisiyle doğrulayın, eski sertifikayı unutun ve yeniden bağlanın.</translation>
    </message>
    <message>
        <source>The certificate of %1 is not signed by an authority this computer trusts. Exchange servers often use a certificate of their own; everx-exchanged prints its fingerprint when it starts. Compare the SHA-256 fingerprint below with the one the operator gave you. If they are the same, trust it: the desk remembers it and from then on refuses any other certificate from this server (trust on first use).</source>
        <translation>%1 sunucusunun sertifikası, bu bilgisayarın güvendiği bir yetkili tarafından imzalanmamış. Borsa sunucuları çoğu zaman kendi sertifikalarını kullanır; everx-exchanged başlarken parmak izini yazdırır. Aşağıdaki SHA-256 parmak izini operatörün size verdiğiyle karşılaştırın. Aynıysa sertifikaya güvenin: uygulama onu hatırlar ve bundan sonra bu sunucudan gelen başka hiçbir sertifikayı kabul etmez (ilk kullanımda güven).</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>%1 adresine bağlanılıyor…</translation>
    </message>
    <message>
        <source>Still trying to connect: %1</source>
        <translation>Hâlâ bağlanmaya çalışılıyor: %1</translation>
    </message>
    <message>
        <source>Trust and &amp;connect</source>
        <translation>Güven ve &amp;bağlan</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Bağlan</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Bağlan</translation>
    </message>
    <message>
        <source>Trade in the sandbox built into the desk, with demo accounts and a simulated market, or connect to an exchange server.</source>
        <translation>Uygulamaya yerleşik sandbox&apos;ta demo hesaplar ve simüle edilmiş bir piyasayla işlem yapın ya da bir borsa sunucusuna bağlanın.</translation>
    </message>
    <message>
        <source>&amp;Sandbox (built in)</source>
        <translation>&amp;Sandbox (yerleşik)</translation>
    </message>
    <message>
        <source>Se&amp;rver:</source>
        <translation>S&amp;unucu:</translation>
    </message>
    <message>
        <source>Unknown certificate</source>
        <translation>Bilinmeyen sertifika</translation>
    </message>
    <message>
        <source>I have compared the fingerprint and &amp;trust this certificate</source>
        <translation>Parmak izini karşılaştırdım ve bu sertifikaya &amp;güveniyorum</translation>
    </message>
    <message>
        <source>SHA-256 fingerprint of the server&apos;s certificate</source>
        <translation>Sunucu sertifikasının SHA-256 parmak izi</translation>
    </message>
    <message>
        <source>&amp;Forget the trusted certificate</source>
        <translation>Güvenilen sertifikayı u&amp;nut</translation>
    </message>
    <message>
        <source>The server&apos;s address. For an exchange that runs on several machines, give all of them, separated by commas: wss://a.example.com:7447,wss://b.example.com:7447</source>
        <translation>Sunucunun adresi. Birkaç makinede çalışan bir borsa için hepsini virgülle ayırarak yazın: wss://a.example.com:7447,wss://b.example.com:7447</translation>
    </message>
</context>
<context>
    <name>everx::ConstraintsPage</name>
    <message>
        <source>Constraints</source>
        <translation>Kısıtlar</translation>
    </message>
    <message>
        <source>Your limits. GPUs beyond them stay in the results, with the reason.</source>
        <translation>Sınırlarınız. Bunların dışında kalan GPU&apos;lar, nedeniyle birlikte sonuçlarda yer almaya devam eder.</translation>
    </message>
    <message>
        <source>&amp;At most GPUs</source>
        <translation>&amp;En fazla GPU sayısı</translation>
    </message>
    <message>
        <source>B&amp;udget per hour</source>
        <translation>Saatlik bü&amp;tçe</translation>
    </message>
    <message>
        <source>No limit, or like %1 (all GPUs, excluding tax)</source>
        <translation>Sınır yok veya örneğin %1 (tüm GPU&apos;lar, vergiler hariç)</translation>
    </message>
    <message>
        <source>Budget per hour</source>
        <translation>Saatlik bütçe</translation>
    </message>
    <message>
        <source>A job split over GPUs exchanges gradients every step; PCIe cards suit one GPU or small jobs.</source>
        <translation>GPU&apos;lara bölünmüş bir iş her adımda gradyan alışverişi yapar; PCIe kartlar tek GPU&apos;ya veya küçük işlere uygundur.</translation>
    </message>
    <message>
        <source>&amp;Hours to rent</source>
        <translation>&amp;Kiralanacak saat</translation>
    </message>
    <message>
        <source>For the bid: rentals are billed hourly.</source>
        <translation>Alış teklifi için: kiralamalar saatlik faturalandırılır.</translation>
    </message>
    <message>
        <source>Enter an amount like %1, or leave it empty.</source>
        <translation>%1 gibi bir tutar girin ya da boş bırakın.</translation>
    </message>
    <message>
        <source>With the run&apos;s tokens, a bid is for the hours the chosen GPUs need, rounded up; these hours are for GPUs whose TFLOPS are not published.</source>
        <translation>Çalıştırmanın token sayısıyla alış teklifi, seçilen GPU&apos;ların ihtiyaç duyduğu saat kadar verilir, yukarı yuvarlanır; bu saatler TFLOPS değeri yayımlanmamış GPU&apos;lar içindir.</translation>
    </message>
    <message>
        <source>Several GPUs need a fast &amp;interconnect (NVLink, Infinity Fabric)</source>
        <translation>Birden çok GPU için &amp;hızlı ara bağlantı gerekli (NVLink, Infinity Fabric)</translation>
    </message>
</context>
<context>
    <name>everx::DepthChart</name>
    <message>
        <source>Depth</source>
        <translation>Derinlik</translation>
    </message>
    <message>
        <source>Depth chart</source>
        <translation>Derinlik grafiği</translation>
    </message>
    <message>
        <source>Bids</source>
        <translation>Alış teklifleri</translation>
    </message>
    <message>
        <source>Offers</source>
        <comment>asks: GPUs offered by providers</comment>
        <translation>Satış teklifleri</translation>
    </message>
    <message>
        <source>Price per GPU-hour</source>
        <translation>GPU saati başına fiyat</translation>
    </message>
    <message>
        <source>GPUs</source>
        <comment>cumulative depth</comment>
        <translation>GPU sayısı</translation>
    </message>
</context>
<context>
    <name>everx::DeskState</name>
    <message numerus="yes">
        <source>%n GPU(s) of %1 bought at %2 per GPU-hour</source>
        <translation>
            <numerusform>%n adet %1 GPU, GPU saati başına %2 fiyatla alındı</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rental started: %n GPU(s) of %1, %2 h at %3 per GPU-hour</source>
        <translation>
            <numerusform>Kiralama başladı: %n adet %1 GPU, %2 saat, GPU saati başına %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rental ended: %n GPU(s) of %1</source>
        <translation>
            <numerusform>Kiralama sona erdi: %n adet %1 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>Your available balance is low: %1</source>
        <translation>Kullanılabilir bakiyeniz azaldı: %1</translation>
    </message>
    <message>
        <source>Top-up %1 waits for your payment of %2</source>
        <translation>%1 numaralı bakiye yüklemesi %2 tutarındaki ödemenizi bekliyor</translation>
    </message>
    <message>
        <source>Top-up %1 credited: %2 paid, %3 added to your balance</source>
        <translation>%1 numaralı bakiye yüklemesi işlendi: %2 ödendi, bakiyenize %3 eklendi</translation>
    </message>
    <message>
        <source>Top-up %1 expired: no payment of %2 arrived</source>
        <translation>%1 numaralı bakiye yüklemesinin süresi doldu: %2 tutarında ödeme gelmedi</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of %1 bought at %2 to %3 per GPU-hour</source>
        <comment>several fills at their prices</comment>
        <translation>
            <numerusform>%n adet %1 GPU, GPU saati başına %2 ile %3 arası fiyatlarla alındı</numerusform>
        </translation>
    </message>
    <message>
        <source>Top-up %1: your payment of %2 arrived after it expired; support will credit it or have it refunded</source>
        <translation>Bakiye yükleme %1: %2 tutarındaki ödemeniz süresi dolduktan sonra ulaştı; destek ekibi hesabınıza ekleyecek ya da iade ettirecek</translation>
    </message>
    <message>
        <source>Top-up %1: your late payment of %2 was refunded (reference %3)</source>
        <translation>Bakiye yükleme %1: %2 tutarındaki geç ödemeniz iade edildi (referans %3)</translation>
    </message>
    <message>
        <source>As of %1: the connection to the exchange dropped; these figures may have changed.</source>
        <translation>%1 itibarıyla: borsayla bağlantı koptu; bu rakamlar değişmiş olabilir.</translation>
    </message>
    <message>
        <source>Your provider application is approved: you can list servers now.</source>
        <translation>Sağlayıcı başvurunuz onaylandı: artık sunucu ilanı verebilirsiniz.</translation>
    </message>
    <message>
        <source>Your provider application was rejected. Support can tell you why.</source>
        <translation>Sağlayıcı başvurunuz reddedildi. Nedenini destek ekibi açıklayabilir.</translation>
    </message>
    <message numerus="yes">
        <source>Reserved: %n GPU(s) of %1 from %2 for %3 h</source>
        <translation>
            <numerusform>Rezervasyon: %n adet %1 GPU, %2 itibarıyla %3 saat</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Your window of %n GPU(s) of %1 starts at %2</source>
        <translation>
            <numerusform>%n adet %1 GPU&apos;luk zaman aralığınız %2 itibarıyla başlıyor</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reservation of %n GPU(s) of %1 from %2 cancelled; fee %3</source>
        <translation>
            <numerusform>%n adet %1 GPU için %2 başlangıçlı rezervasyon iptal edildi; ücret %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reservation of %n GPU(s) of %1 from %2 cancelled and refunded in full</source>
        <translation>
            <numerusform>%n adet %1 GPU için %2 başlangıçlı rezervasyon iptal edildi ve tamamı iade edildi</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::EarningsChart</name>
    <message>
        <source>Earnings (USD)</source>
        <translation>Kazanç (USD)</translation>
    </message>
    <message>
        <source>Utilisation (%)</source>
        <comment>rented GPU-hours over listed GPU-hours</comment>
        <translation>Kullanım oranı (%)</translation>
    </message>
    <message>
        <source>Earnings and utilisation per day</source>
        <translation>Günlük kazanç ve kullanım oranı</translation>
    </message>
</context>
<context>
    <name>everx::FileMenu</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Dosya</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Bağlan…</translation>
    </message>
    <message>
        <source>&amp;Sign in…</source>
        <translation>&amp;Oturum aç…</translation>
    </message>
    <message>
        <source>Sign &amp;out</source>
        <translation>Oturumu ka&amp;pat</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Çı&amp;kış</translation>
    </message>
</context>
<context>
    <name>everx::HostedRentalsModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Adet</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Başlangıç</translation>
    </message>
    <message>
        <source>Hours billed</source>
        <translation>Faturalandırılan saat</translation>
    </message>
    <message>
        <source>Earnings so far</source>
        <translation>Şu ana kadarki kazanç</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Durum</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <comment>hours billed of hours booked</comment>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Running</source>
        <comment>rental state</comment>
        <translation>Sürüyor</translation>
    </message>
    <message>
        <source>Ended</source>
        <comment>rental state</comment>
        <translation>Sona erdi</translation>
    </message>
    <message>
        <source>Stopped</source>
        <comment>rental state</comment>
        <translation>Durduruldu</translation>
    </message>
    <message>
        <source>Reserved</source>
        <comment>rental state</comment>
        <translation>Rezerve</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <comment>rental state</comment>
        <translation>İptal edildi</translation>
    </message>
</context>
<context>
    <name>everx::InProcessTransport</name>
    <message>
        <source>The in-process exchange is not running.</source>
        <translation>Yerleşik borsa çalışmıyor.</translation>
    </message>
</context>
<context>
    <name>everx::Invoice</name>
    <message>
        <source>%1%</source>
        <comment>a percentage</comment>
        <translation>%%1</translation>
    </message>
    <message>
        <source>Invoice for rental %1</source>
        <translation>%1 numaralı kiralamanın faturası</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>Dönem</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <comment>period</comment>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Hours billed</source>
        <translation>Faturalandırılan saat</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n booked</source>
        <comment>hours</comment>
        <translation>
            <numerusform>kiralanan %n saatten %1</numerusform>
        </translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU sayısı</translation>
    </message>
    <message>
        <source>Price per GPU-hour</source>
        <translation>GPU saati başına fiyat</translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation>Ara toplam</translation>
    </message>
    <message>
        <source>Tax (%1)</source>
        <comment>tax rate</comment>
        <translation>Vergi (%1)</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Toplam</translation>
    </message>
    <message>
        <source>Released (hours not used)</source>
        <translation>İade edilen (kullanılmayan saatler)</translation>
    </message>
    <message>
        <source>The rental&apos;s terms are no longer on the desk; the total is what the ledger charged.</source>
        <translation>Kiralamanın koşulları artık uygulamada bulunmuyor; toplam, hesap hareketlerinde tahsil edilen tutardır.</translation>
    </message>
    <message>
        <source>The ledger charged %1.</source>
        <translation>Hesap hareketlerinde tahsil edilen: %1.</translation>
    </message>
    <message>
        <source>%1, merchant of record</source>
        <comment>the invoice&apos;s issuer</comment>
        <translation>%1, kayıtlı satıcı (merchant of record)</translation>
    </message>
    <message>
        <source>Issued by</source>
        <translation>Düzenleyen</translation>
    </message>
    <message>
        <source>Customer</source>
        <comment>on an invoice</comment>
        <translation>Müşteri</translation>
    </message>
    <message>
        <source>Invoice number</source>
        <translation>Fatura numarası</translation>
    </message>
    <message>
        <source>Issue date</source>
        <translation>Düzenlenme tarihi</translation>
    </message>
</context>
<context>
    <name>everx::InvoiceDialog</name>
    <message>
        <source>Save as &amp;HTML…</source>
        <translation>&amp;HTML olarak kaydet…</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>&amp;Yazdır…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Kapat</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>%1 kaydedilemedi: %2</translation>
    </message>
    <message>
        <source>Save invoice</source>
        <translation>Faturayı kaydet</translation>
    </message>
    <message>
        <source>invoice-rental-%1.html</source>
        <translation>fatura-kiralama-%1.html</translation>
    </message>
    <message>
        <source>HTML files (*.html)</source>
        <translation>HTML dosyaları (*.html)</translation>
    </message>
    <message>
        <source>Print invoice</source>
        <translation>Faturayı yazdır</translation>
    </message>
</context>
<context>
    <name>everx::LadderView</name>
    <message>
        <source>Spread %1 (%2 %)</source>
        <translation>Makas %1 (%%2)</translation>
    </message>
    <message>
        <source>No bids</source>
        <translation>Alış teklifi yok</translation>
    </message>
    <message>
        <source>No offers</source>
        <translation>Satış teklifi yok</translation>
    </message>
    <message>
        <source>Empty book</source>
        <translation>Emir defteri boş</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) offered at %1 per GPU-hour</source>
        <translation>
            <numerusform>GPU saati başına %1 fiyattan %n GPU için satış teklifi</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) bid at %1 per GPU-hour</source>
        <translation>
            <numerusform>GPU saati başına %1 fiyattan %n GPU için alış teklifi</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) of them are your bids</source>
        <translation>
            <numerusform>Bunlardan %n GPU sizin alış teklifinize ait</numerusform>
        </translation>
    </message>
    <message>
        <source>Order book ladder</source>
        <translation>Emir defteri kademeleri</translation>
    </message>
    <message>
        <source>Offers above, bids below. Enter fills the order ticket with the current level.</source>
        <translation>Satış teklifleri üstte, alış teklifleri altta. Enter, emir formunu geçerli kademeyle doldurur.</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Toplam</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Emir</translation>
    </message>
    <message numerus="yes">
        <source>At most %n GPU(s) of them on one server</source>
        <translation>
            <numerusform>Bunların en fazla %n GPU&apos;su tek sunucuda</numerusform>
        </translation>
    </message>
    <message>
        <source>One server</source>
        <comment>the most GPUs one server offers at an ask level</comment>
        <translation>Tek sunucu</translation>
    </message>
</context>
<context>
    <name>everx::LedgerCsv</name>
    <message>
        <source>Could not create %1: %2</source>
        <translation>%1 oluşturulamadı: %2</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 dosyasına yazılamadı: %2</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>%1 kaydedilemedi: %2</translation>
    </message>
    <message>
        <source>Entry</source>
        <comment>CSV column: the ledger entry&apos;s id</comment>
        <translation>Kayıt</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <comment>CSV column</comment>
        <translation>Zaman (UTC)</translation>
    </message>
    <message>
        <source>Kind</source>
        <comment>CSV column: of a ledger entry</comment>
        <translation>Tür</translation>
    </message>
    <message>
        <source>Amount</source>
        <comment>CSV column</comment>
        <translation>Tutar</translation>
    </message>
    <message>
        <source>Currency</source>
        <comment>CSV column</comment>
        <translation>Para birimi</translation>
    </message>
    <message>
        <source>Balance</source>
        <comment>CSV column: of the entry&apos;s funds (available or held) after it</comment>
        <translation>Bakiye</translation>
    </message>
    <message>
        <source>Funds</source>
        <comment>CSV column: the part of the balance an entry moves, available or held</comment>
        <translation>Kalem</translation>
    </message>
    <message>
        <source>Reference</source>
        <comment>CSV column: what the entry refers to, in words</comment>
        <translation>Referans</translation>
    </message>
    <message>
        <source>Memo</source>
        <comment>CSV column</comment>
        <translation>Açıklama</translation>
    </message>
    <message>
        <source>Reference id</source>
        <comment>CSV column: the order, rental or top-up&apos;s id</comment>
        <translation>Referans no</translation>
    </message>
    <message>
        <source>Transaction</source>
        <comment>CSV column: the id of the entry&apos;s transaction</comment>
        <translation>İşlem</translation>
    </message>
    <message>
        <source>Hash</source>
        <comment>CSV column: the entry&apos;s link in the ledger&apos;s hash chain</comment>
        <translation>Özet</translation>
    </message>
</context>
<context>
    <name>everx::LedgerModel</name>
    <message>
        <source>Top-up</source>
        <comment>ledger entry kind</comment>
        <translation>Bakiye yükleme</translation>
    </message>
    <message>
        <source>Hold</source>
        <comment>ledger entry kind: money set aside for a bid</comment>
        <translation>Bloke</translation>
    </message>
    <message>
        <source>Hourly billing</source>
        <comment>ledger entry kind: one rental hour charged</comment>
        <translation>Saatlik faturalandırma</translation>
    </message>
    <message>
        <source>Release</source>
        <comment>ledger entry kind: held money returned to the balance</comment>
        <translation>Bloke iadesi</translation>
    </message>
    <message>
        <source>Price improvement</source>
        <comment>ledger entry kind: filled below the bid&apos;s price</comment>
        <translation>Fiyat iyileştirmesi</translation>
    </message>
    <message>
        <source>Adjustment</source>
        <comment>ledger entry kind: a correction by support</comment>
        <translation>Düzeltme</translation>
    </message>
    <message>
        <source>Available</source>
        <comment>balance bucket</comment>
        <translation>Kullanılabilir</translation>
    </message>
    <message>
        <source>Held</source>
        <comment>balance bucket</comment>
        <translation>Bloke</translation>
    </message>
    <message>
        <source>Rental %1</source>
        <translation>Kiralama %1</translation>
    </message>
    <message>
        <source>Order %1</source>
        <translation>Emir %1</translation>
    </message>
    <message>
        <source>Adjustment %1</source>
        <comment>reference to support&apos;s audit record</comment>
        <translation>Düzeltme %1</translation>
    </message>
    <message>
        <source>Paid %1</source>
        <translation>Ödenen: %1</translation>
    </message>
    <message>
        <source>Paid %1 at 1 %2 = %3 USD</source>
        <translation>Ödenen: %1, kur 1 %2 = %3 USD</translation>
    </message>
    <message>
        <source>Hour %1 of %2</source>
        <comment>rental hour billed</comment>
        <translation>Saat %1 / %2</translation>
    </message>
    <message>
        <source>Rental stopped early: unbilled hours released</source>
        <translation>Kiralama erken durduruldu: faturalandırılmayan saatler iade edildi</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zaman</translation>
    </message>
    <message>
        <source>Kind</source>
        <comment>of a ledger entry</comment>
        <translation>Tür</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Tutar</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Referans</translation>
    </message>
    <message>
        <source>Memo</source>
        <translation>Açıklama</translation>
    </message>
    <message>
        <source>Balance</source>
        <comment>of the entry&apos;s funds (available or held) after the entry</comment>
        <translation>Bakiye</translation>
    </message>
    <message>
        <source>Funds</source>
        <comment>the part of the balance an entry moves: available or held</comment>
        <translation>Kalem</translation>
    </message>
    <message>
        <source>Payout requested</source>
        <comment>ledger entry kind: earnings set aside to be paid out</comment>
        <translation>Para çekme talebi</translation>
    </message>
    <message>
        <source>Payout paid</source>
        <comment>ledger entry kind: earnings paid out to the provider</comment>
        <translation>Para çekme ödendi</translation>
    </message>
    <message>
        <source>Payout rejected</source>
        <comment>ledger entry kind: earnings returned after a payout failed</comment>
        <translation>Para çekme reddedildi</translation>
    </message>
    <message>
        <source>Past rental</source>
        <comment>ledger entry kind: a rental backfilled into the market&apos;s history</comment>
        <translation>Geçmiş kiralama</translation>
    </message>
    <message>
        <source>Earnings</source>
        <comment>balance bucket: a provider&apos;s, not spendable</comment>
        <translation>Kazanç</translation>
    </message>
    <message>
        <source>Payout pending</source>
        <comment>balance bucket: earnings asked to be paid out</comment>
        <translation>Para çekme bekliyor</translation>
    </message>
    <message>
        <source>External funding</source>
        <comment>the exchange&apos;s bucket: money paid in from outside</comment>
        <translation>Dış kaynak</translation>
    </message>
    <message>
        <source>Platform fees</source>
        <comment>the exchange&apos;s bucket</comment>
        <translation>Platform ücretleri</translation>
    </message>
    <message>
        <source>Tax payable</source>
        <comment>the exchange&apos;s bucket</comment>
        <translation>Ödenecek vergi</translation>
    </message>
    <message>
        <source>Adjustments</source>
        <comment>the exchange&apos;s bucket: the other side of support&apos;s adjustments</comment>
        <translation>Düzeltmeler</translation>
    </message>
    <message>
        <source>Payouts</source>
        <comment>the exchange&apos;s bucket: earnings paid out to providers</comment>
        <translation>Para çekmeler</translation>
    </message>
</context>
<context>
    <name>everx::LengthPage</name>
    <message>
        <source>Length of the run</source>
        <translation>Çalıştırmanın uzunluğu</translation>
    </message>
    <message>
        <source>Optional: with the tokens, the results show how long the run takes and what it costs on every GPU.</source>
        <translation>İsteğe bağlı: token sayısıyla sonuçlar, çalıştırmanın her GPU&apos;da ne kadar süreceğini ve neye mal olacağını gösterir.</translation>
    </message>
    <message>
        <source>&amp;Tokens to process</source>
        <translation>İşlenecek &amp;token</translation>
    </message>
    <message>
        <source>&amp;Tokens to train on</source>
        <translation>Eğitilecek &amp;token</translation>
    </message>
    <message>
        <source>2B, 500M, 1e9; empty: rent by the hour</source>
        <translation>2 milyar, 500 milyon, 1e9; boş: saatlik kiralama</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Prompt and generated tokens of every request together.</source>
        <translation>Tüm isteklerin istem ve üretilen token&apos;ları birlikte.</translation>
    </message>
    <message>
        <source>Every epoch together: the dataset&apos;s tokens × the epochs.</source>
        <translation>Tüm epoch&apos;lar birlikte: veri kümesinin token&apos;ları × epoch sayısı.</translation>
    </message>
    <message>
        <source>&amp;Requests</source>
        <translation>İstek&amp;ler</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>Ö&amp;rnekler</translation>
    </message>
    <message>
        <source>Tokens per re&amp;quest</source>
        <translation>İstek başına tok&amp;en</translation>
    </message>
    <message>
        <source>Tokens per exa&amp;mple</source>
        <translation>Örnek başına tok&amp;en</translation>
    </message>
    <message>
        <source>E&amp;pochs</source>
        <translation>E&amp;poch</translation>
    </message>
    <message>
        <source>Or the requests: their number × tokens per request fills in the tokens.</source>
        <translation>Ya da istekler: sayıları × istek başına token, token sayısını doldurur.</translation>
    </message>
    <message>
        <source>Or the dataset: examples × tokens per example × epochs fills in the tokens.</source>
        <translation>Ya da veri kümesi: örnekler × örnek başına token × epoch, token sayısını doldurur.</translation>
    </message>
    <message>
        <source>&amp;Utilisation (MFU)</source>
        <translation>&amp;Kullanım oranı (MFU)</translation>
    </message>
    <message>
        <source>The share of the GPUs&apos; dense BF16 TFLOPS the run achieves; large published runs reached 38–46%. QLoRA and small batches reach less.</source>
        <translation>Çalıştırmanın GPU&apos;ların yoğun BF16 TFLOPS değerinden elde ettiği pay; yayımlanmış büyük eğitim çalıştırmaları yüzde 38–46&apos;ya ulaştı. QLoRA ve küçük batch&apos;ler daha azına ulaşır.</translation>
    </message>
    <message>
        <source>Enter a count such as 2B, 500M or 1e9, at most 10^15, or leave it empty.</source>
        <translation>2 milyar, 500 milyon veya 1e9 gibi, en fazla 10^15 olan bir sayı girin ya da boş bırakın.</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 token</translation>
    </message>
</context>
<context>
    <name>everx::ListingCalendarView</name>
    <message>
        <source>%1, %2 to %3</source>
        <comment>a day, an hour&apos;s start and end</comment>
        <translation>%1, %2 ile %3 arası</translation>
    </message>
    <message>
        <source>%1: %2 rented, %3 reserved, %4 idle of %5 GPUs</source>
        <comment>a server&apos;s GPUs in one hour</comment>
        <translation>%1: %5 GPU&apos;dan %2 kirada, %3 rezerve, %4 boşta</translation>
    </message>
    <message>
        <source>Rented</source>
        <comment>GPUs of a server in an hour</comment>
        <translation>Kirada</translation>
    </message>
    <message>
        <source>Reserved</source>
        <comment>GPUs of a server in an hour</comment>
        <translation>Rezerve</translation>
    </message>
    <message>
        <source>Idle</source>
        <comment>GPUs of a server in an hour</comment>
        <translation>Boşta</translation>
    </message>
    <message>
        <source>Gone</source>
        <comment>hours of the calendar already past</comment>
        <translation>Geçmiş</translation>
    </message>
</context>
<context>
    <name>everx::ListingDialog</name>
    <message>
        <source>Enter a price from %1 to %2 per GPU-hour.</source>
        <translation>GPU saati başına %1 ile %2 arasında bir fiyat girin.</translation>
    </message>
    <message>
        <source>Enter the server&apos;s region and how renters reach it.</source>
        <translation>Sunucunun bölgesini ve kiracıların ona nasıl erişeceğini girin.</translation>
    </message>
    <message>
        <source>Suggested: one cent under the best offer of other providers, %1.</source>
        <translation>Öneri: diğer sağlayıcıların en iyi satış fiyatının bir sent altı, %1.</translation>
    </message>
    <message>
        <source>Suggested: the catalog price; no other provider offers this GPU now.</source>
        <translation>Öneri: katalog fiyatı; şu anda başka hiçbir sağlayıcı bu GPU için satış teklifi vermiyor.</translation>
    </message>
</context>
<context>
    <name>everx::LoginDialog</name>
    <message>
        <source>Wrong email or password.</source>
        <translation>E-posta veya parola hatalı.</translation>
    </message>
    <message>
        <source>Too many failed sign-ins. Wait a few minutes, then try again.</source>
        <translation>Çok fazla başarısız oturum açma denemesi. Birkaç dakika bekleyip yeniden deneyin.</translation>
    </message>
    <message>
        <source>The exchange did not answer. Check the connection and try again.</source>
        <translation>Borsa yanıt vermedi. Bağlantıyı kontrol edip yeniden deneyin.</translation>
    </message>
    <message>
        <source>The exchange refused the sign-in: %1</source>
        <translation>Borsa oturum açmayı reddetti: %1</translation>
    </message>
    <message>
        <source>Not connected to an exchange.</source>
        <translation>Herhangi bir borsaya bağlı değilsiniz.</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Oturum aç</translation>
    </message>
    <message>
        <source>Sign in to the sandbox with an account of yours, or try it as one of its demo users.</source>
        <translation>Sandbox&apos;ta kendi hesabınızla oturum açın ya da demo kullanıcılarından biri olarak deneyin.</translation>
    </message>
    <message>
        <source>Sign in to the exchange with your email and password.</source>
        <translation>Borsada e-posta adresiniz ve parolanızla oturum açın.</translation>
    </message>
    <message>
        <source>&amp;Email:</source>
        <translation>&amp;E-posta:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Parola:</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>Oturum açılıyor…</translation>
    </message>
    <message>
        <source>&amp;Sign in</source>
        <translation>&amp;Oturum aç</translation>
    </message>
    <message>
        <source>Use a demo account</source>
        <translation>Demo hesap kullan</translation>
    </message>
    <message>
        <source>&amp;Customer</source>
        <translation>&amp;Müşteri</translation>
    </message>
    <message>
        <source>P&amp;rovider</source>
        <translation>&amp;Sağlayıcı</translation>
    </message>
    <message>
        <source>S&amp;upport agent</source>
        <translation>&amp;Destek temsilcisi</translation>
    </message>
    <message>
        <source>Create &amp;account…</source>
        <translation>&amp;Hesap oluştur…</translation>
    </message>
</context>
<context>
    <name>everx::MainWindow</name>
    <message>
        <source>Cancel order</source>
        <translation>Emri iptal et</translation>
    </message>
    <message numerus="yes">
        <source>Cancel the bid for %n GPU(s) of %1 at %2? The %3 it holds goes back to your balance.</source>
        <translation>
            <numerusform>%n adet %1 için %2 fiyatlı alış teklifi iptal edilsin mi? Bloke edilen %3 bakiyenize geri döner.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop rental</source>
        <translation>Kiralamayı durdur</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Reddedildi: %1</translation>
    </message>
    <message>
        <source>EverX Desk</source>
        <translation>EverX Desk</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Görünüm</translation>
    </message>
    <message>
        <source>Order book</source>
        <translation>Emir defteri</translation>
    </message>
    <message>
        <source>Open orders</source>
        <translation>Açık emirler</translation>
    </message>
    <message>
        <source>Rentals</source>
        <translation>Kiralamalar</translation>
    </message>
    <message>
        <source>Order ticket</source>
        <translation>Emir formu</translation>
    </message>
    <message>
        <source>&amp;Cancel order…</source>
        <translation>Emri i&amp;ptal et…</translation>
    </message>
    <message>
        <source>&amp;Stop rental…</source>
        <translation>Kiralamayı &amp;durdur…</translation>
    </message>
    <message>
        <source>Copy &amp;access details</source>
        <translation>&amp;Erişim bilgilerini kopyala</translation>
    </message>
    <message>
        <source>Sandbox</source>
        <translation>Sandbox</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Sunucu</translation>
    </message>
    <message>
        <source>Disconnected</source>
        <translation>Bağlantı kesildi</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Bağlanıyor…</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>Bağlı</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <comment>round-trip latency</comment>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Not signed in</source>
        <translation>Oturum açık değil</translation>
    </message>
    <message>
        <source>Available %1</source>
        <comment>balance</comment>
        <translation>Kullanılabilir %1</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Dil</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Açık</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Koyu</translation>
    </message>
    <message>
        <source>&amp;Go to</source>
        <translation>&amp;Git</translation>
    </message>
    <message>
        <source>Market watch</source>
        <translation>Piyasa izleme</translation>
    </message>
    <message>
        <source>Preparing the sandbox market: %p%</source>
        <extracomment>%p is the percentage done, filled in by the progress bar</extracomment>
        <translation>Sandbox piyasası hazırlanıyor: %%p</translation>
    </message>
    <message>
        <source>The exchange ended your session. Sign in again.</source>
        <translation>Borsa oturumunuzu sonlandırdı. Yeniden oturum açın.</translation>
    </message>
    <message numerus="yes">
        <source>Stop the rental of %n GPU(s) of %1?</source>
        <translation>
            <numerusform>%n adet %1 için kiralama durdurulsun mu?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The hour under way is billed; the %n hour(s) after it are not.</source>
        <translation>
            <numerusform>Devam eden saat faturalandırılır; sonraki %n saat faturalandırılmaz.</numerusform>
        </translation>
    </message>
    <message>
        <source>The hour under way is billed.</source>
        <translation>Devam eden saat faturalandırılır.</translation>
    </message>
    <message>
        <source>Stop rental…</source>
        <comment>button under the rentals</comment>
        <translation>Kiralamayı durdur…</translation>
    </message>
    <message>
        <source>Order cancelled.</source>
        <translation>Emir iptal edildi.</translation>
    </message>
    <message>
        <source>Rental stopped.</source>
        <translation>Kiralama durduruldu.</translation>
    </message>
    <message>
        <source>&amp;Account</source>
        <translation>H&amp;esap</translation>
    </message>
    <message>
        <source>&amp;Change password…</source>
        <translation>&amp;Parolayı değiştir…</translation>
    </message>
    <message>
        <source>Sign out &amp;everywhere…</source>
        <translation>&amp;Her yerde oturumu kapat…</translation>
    </message>
    <message>
        <source>Demo c&amp;ustomer</source>
        <translation>Demo &amp;müşteri</translation>
    </message>
    <message>
        <source>Demo &amp;provider</source>
        <translation>Demo &amp;sağlayıcı</translation>
    </message>
    <message>
        <source>Demo &amp;support agent</source>
        <translation>Demo &amp;destek temsilcisi</translation>
    </message>
    <message>
        <source>Password changed. Every other session of the account has ended.</source>
        <translation>Parola değiştirildi. Hesabın diğer tüm oturumları sonlandırıldı.</translation>
    </message>
    <message>
        <source>Sign out everywhere</source>
        <translation>Her yerde oturumu kapat</translation>
    </message>
    <message>
        <source>Sign this account out on every desk and device, this one too?</source>
        <translation>Bu hesabın oturumu, bu uygulama dahil her uygulamada ve cihazda kapatılsın mı?</translation>
    </message>
    <message>
        <source>Signed out everywhere.</source>
        <translation>Her yerde oturum kapatıldı.</translation>
    </message>
    <message>
        <source>Sandbox, time ×%1</source>
        <translation>Sandbox, zaman ×%1</translation>
    </message>
    <message>
        <source>The sandbox&apos;s clock goes %1 times faster than real time: a rental hour is billed every %2 real seconds. Rentals, the ledger, charts and notifications all read this clock.</source>
        <translation>Sandbox saati gerçek zamandan %1 kat hızlı işler: bir kiralama saati her %2 gerçek saniyede faturalandırılır. Kiralamalar, defter, grafikler ve bildirimler hep bu saati kullanır.</translation>
    </message>
    <message>
        <source>Reconnected to %1.</source>
        <translation>%1 adresine yeniden bağlanıldı.</translation>
    </message>
    <message>
        <source>Your account was suspended by support.</source>
        <translation>Hesabınız destek ekibi tarafından askıya alındı.</translation>
    </message>
    <message>
        <source>Support rejected your provider application.</source>
        <translation>Destek ekibi sağlayıcı başvurunuzu reddetti.</translation>
    </message>
    <message>
        <source>Support&apos;s reason: %1</source>
        <translation>Destek ekibinin gerekçesi: %1</translation>
    </message>
    <message>
        <source>You are signed out. The account&apos;s open bids were cancelled and its listings paused; running rentals run to their end. Contact support to have it reactivated.</source>
        <translation>Oturumunuz kapatıldı. Hesabın açık alış teklifleri iptal edildi ve ilanları duraklatıldı; süren kiralamalar sonuna kadar devam eder. Yeniden etkinleştirilmesi için destek ekibiyle iletişime geçin.</translation>
    </message>
    <message>
        <source>You are signed out, and this account cannot sign in again. Support can tell you why.</source>
        <translation>Oturumunuz kapatıldı ve bu hesapla yeniden oturum açılamaz. Nedenini destek ekibi açıklayabilir.</translation>
    </message>
    <message>
        <source>Your account was suspended by support: %1</source>
        <translation>Hesabınız destek ekibi tarafından askıya alındı: %1</translation>
    </message>
    <message>
        <source>Account suspended</source>
        <translation>Hesap askıya alındı</translation>
    </message>
    <message>
        <source>Application rejected</source>
        <translation>Başvuru reddedildi</translation>
    </message>
    <message>
        <source>That start has passed: choose another.</source>
        <translation>Bu başlangıç saati geçti: başka birini seçin.</translation>
    </message>
    <message>
        <source>Cancel reservation</source>
        <translation>Rezervasyonu iptal et</translation>
    </message>
    <message numerus="yes">
        <source>Cancel the reservation of %n GPU(s) of %1 from %2?</source>
        <translation>
            <numerusform>%n adet %1 GPU için %2 başlangıçlı rezervasyon iptal edilsin mi?</numerusform>
        </translation>
    </message>
    <message>
        <source>You pay a cancellation fee of %1; %2 of the %3 held comes back.</source>
        <translation>%1 iptal ücreti ödersiniz; bloke edilen %3 tutarın %2 kadarı iade edilir.</translation>
    </message>
    <message>
        <source>Reservation cancelled.</source>
        <translation>Rezervasyon iptal edildi.</translation>
    </message>
</context>
<context>
    <name>everx::MarketWatchModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Last</source>
        <comment>last traded price</comment>
        <translation>Son</translation>
    </message>
    <message>
        <source>24h change</source>
        <translation>24 saatlik değişim</translation>
    </message>
    <message>
        <source>24h volume</source>
        <comment>GPU-hours traded in 24 hours</comment>
        <translation>24 saatlik hacim</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Bellek</translation>
    </message>
    <message>
        <source>BF16 TFLOPS</source>
        <translation>BF16 TFLOPS</translation>
    </message>
    <message>
        <source>%1, %2, %3 GB %4</source>
        <translation>%1, %2, %3 GB %4</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>not published</source>
        <translation>yayımlanmamış</translation>
    </message>
    <message>
        <source>Best bid</source>
        <translation>En iyi alış</translation>
    </message>
    <message>
        <source>Best ask</source>
        <comment>the lowest offer</comment>
        <translation>En iyi satış</translation>
    </message>
</context>
<context>
    <name>everx::MemoryChart</name>
    <message>
        <source>Weights</source>
        <translation>Ağırlıklar</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>Gradyanlar</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimizer</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>Aktivasyonlar</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logit&apos;ler</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV önbelleği</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>Ek yük</translation>
    </message>
    <message>
        <source>GB per GPU</source>
        <translation>GPU başına GB</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>GPU başına bellek</translation>
    </message>
    <message>
        <source>Choose a GPU in the results to see its memory.</source>
        <translation>Belleğini görmek için sonuçlardan bir GPU seçin.</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <comment>GPU count × GPU name</comment>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 × %2: %3 of %4 GB per GPU</source>
        <comment>GPU count × GPU name</comment>
        <translation>%1 × %2: GPU başına %3 / %4 GB</translation>
    </message>
    <message>
        <source>%1: %2 GB on one GPU, more than its %3 GB</source>
        <translation>%1: tek GPU&apos;da %2 GB, GPU&apos;nun %3 GB belleğinden fazla</translation>
    </message>
    <message>
        <source>%1 %2 GB</source>
        <comment>component, gigabytes</comment>
        <translation>%1 %2 GB</translation>
    </message>
</context>
<context>
    <name>everx::ModelPage</name>
    <message>
        <source>%1 parameters</source>
        <translation>%1 parametre</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>A model whose shape is known, or just its parameter count.</source>
        <translation>Yapısı bilinen bir model ya da yalnızca parametre sayısı.</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Model</translation>
    </message>
    <message>
        <source>&amp;Parameters</source>
        <translation>&amp;Parametre sayısı</translation>
    </message>
    <message>
        <source>Other: a parameter count</source>
        <translation>Diğer: parametre sayısı</translation>
    </message>
    <message>
        <source>70B, 7e9, 1.5T</source>
        <translation>70 milyar, 7e9, 1,5T</translation>
    </message>
    <message>
        <source>Parameter count</source>
        <translation>Parametre sayısı</translation>
    </message>
    <message>
        <source>%1 layers, hidden size %2, %3 attention heads, %4 KV heads, vocabulary %5, %6 parameters</source>
        <translation>%1 katman, gizli boyut %2, %3 dikkat başlığı, %4 KV başlığı, kelime dağarcığı %5, %6 parametre</translation>
    </message>
    <message numerus="yes">
        <source>(%n experts per layer, all in memory)</source>
        <translation>
            <numerusform>(katman başına %n uzman, tümü bellekte)</numerusform>
        </translation>
    </message>
    <message>
        <source>Without the shape, the detailed mode counts weights, gradients and optimizer states only: no activations, logits or KV cache.</source>
        <translation>Yapı bilinmediğinde ayrıntılı mod yalnızca ağırlıkları, gradyanları ve optimizer durumlarını hesaba katar: aktivasyonlar, logit&apos;ler ve KV önbelleği dahil edilmez.</translation>
    </message>
    <message>
        <source>Enter a parameter count such as 70B, 7e9 or 6738415616, at most 10^15.</source>
        <translation>En fazla 10^15 olmak üzere 70 milyar, 70B, 7e9 veya 6738415616 gibi bir parametre sayısı girin.</translation>
    </message>
</context>
<context>
    <name>everx::NotificationsDock</name>
    <message numerus="yes">
        <source>Notifications (%n)</source>
        <comment>unread notifications</comment>
        <translation>
            <numerusform>Bildirimler (%n)</numerusform>
        </translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>Bildirimler</translation>
    </message>
    <message>
        <source>&amp;Mark all read</source>
        <translation>T&amp;ümünü okundu olarak işaretle</translation>
    </message>
    <message>
        <source>Show on the des&amp;ktop</source>
        <translation>&amp;Masaüstünde göster</translation>
    </message>
</context>
<context>
    <name>everx::NotificationsModel</name>
    <message>
        <source>Fill</source>
        <comment>notification kind: a bid of the account was filled</comment>
        <translation>Gerçekleşme</translation>
    </message>
    <message>
        <source>Rental started</source>
        <translation>Kiralama başladı</translation>
    </message>
    <message>
        <source>Rental ended</source>
        <translation>Kiralama sona erdi</translation>
    </message>
    <message>
        <source>Low balance</source>
        <comment>notification kind: the available balance is low</comment>
        <translation>Düşük bakiye</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zaman</translation>
    </message>
    <message>
        <source>Kind</source>
        <comment>of notification</comment>
        <translation>Tür</translation>
    </message>
    <message>
        <source>Notification</source>
        <translation>Bildirim</translation>
    </message>
    <message>
        <source>Signed out</source>
        <comment>notification kind: the exchange ended the session</comment>
        <translation>Oturum kapandı</translation>
    </message>
    <message>
        <source>Application approved</source>
        <comment>notification kind: support approved the provider&apos;s application</comment>
        <translation>Başvuru onaylandı</translation>
    </message>
    <message>
        <source>Application rejected</source>
        <comment>notification kind: support rejected the provider&apos;s application</comment>
        <translation>Başvuru reddedildi</translation>
    </message>
    <message>
        <source>Top-up pending</source>
        <comment>notification kind: a top-up waits for its payment</comment>
        <translation>Bakiye yükleme bekliyor</translation>
    </message>
    <message>
        <source>Top-up credited</source>
        <comment>notification kind: a paid top-up reached the balance</comment>
        <translation>Bakiye yüklendi</translation>
    </message>
    <message>
        <source>Top-up expired</source>
        <comment>notification kind: a top-up was not paid in time</comment>
        <translation>Bakiye yükleme süresi doldu</translation>
    </message>
    <message>
        <source>Top-up paid late</source>
        <comment>notification kind: paid after it expired; support credits or refunds it</comment>
        <translation>Bakiye yükleme geç ödendi</translation>
    </message>
    <message>
        <source>Top-up refunded</source>
        <comment>notification kind: support refunded a late payment</comment>
        <translation>Bakiye yükleme iade edildi</translation>
    </message>
    <message>
        <source>Window reserved</source>
        <comment>notification kind: GPUs reserved for a window ahead</comment>
        <translation>Zaman aralığı rezerve edildi</translation>
    </message>
    <message>
        <source>Window starts soon</source>
        <comment>notification kind: a reserved window starts in a day or an hour</comment>
        <translation>Zaman aralığı yakında başlıyor</translation>
    </message>
    <message>
        <source>Reservation cancelled</source>
        <comment>notification kind: a window reserved ahead was cancelled before its start</comment>
        <translation>Rezervasyon iptal edildi</translation>
    </message>
</context>
<context>
    <name>everx::OpenOrdersModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Adet</translation>
    </message>
    <message>
        <source>Filled</source>
        <comment>GPUs of the bid filled so far</comment>
        <translation>Gerçekleşen</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>Saat</translation>
    </message>
    <message>
        <source>Held</source>
        <comment>money held for the bid</comment>
        <translation>Bloke</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Geçerlilik</translation>
    </message>
    <message>
        <source>until cancelled</source>
        <translation>iptal edilene kadar</translation>
    </message>
</context>
<context>
    <name>everx::OrderBookModel</name>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Total</source>
        <comment>cumulative GPUs from the best price</comment>
        <translation>Toplam</translation>
    </message>
    <message>
        <source>Orders</source>
        <translation>Emir</translation>
    </message>
    <message>
        <source>One server</source>
        <comment>the most GPUs one server offers at an ask level</comment>
        <translation>Tek sunucu</translation>
    </message>
</context>
<context>
    <name>everx::OrderTicket</name>
    <message>
        <source>Sign in to trade.</source>
        <translation>İşlem yapmak için oturum açın.</translation>
    </message>
    <message>
        <source>Choose a GPU in the market watch.</source>
        <translation>Piyasa izleme listesinden bir GPU seçin.</translation>
    </message>
    <message>
        <source>Enter a price per GPU-hour, like %1.</source>
        <translation>GPU saati başına bir fiyat girin, örneğin %1.</translation>
    </message>
    <message>
        <source>The price can be at most %1 per GPU-hour.</source>
        <translation>Fiyat en fazla GPU saati başına %1 olabilir.</translation>
    </message>
    <message>
        <source>This needs %1; %2 is available. Top up, or ask for fewer GPUs or hours.</source>
        <translation>Bunun için %1 gerekiyor; kullanılabilir tutar %2. Bakiye yükleyin ya da daha az GPU veya saat isteyin.</translation>
    </message>
    <message>
        <source>Confirm order</source>
        <translation>Emri onayla</translation>
    </message>
    <message>
        <source>Subtotal %1
Tax %2
Total held %3
Balance after %4
Prices exclude tax; rentals are billed hourly.</source>
        <translation>Ara toplam %1
Vergi %2
Toplam bloke %3
Kalan bakiye %4
Fiyatlar vergiler hariçtir; kiralamalar saatlik faturalandırılır.</translation>
    </message>
    <message>
        <source>Order refused: %1</source>
        <translation>Emir reddedildi: %1</translation>
    </message>
    <message>
        <source>Order placed.</source>
        <translation>Emir verildi.</translation>
    </message>
    <message>
        <source>&amp;Buy now</source>
        <comment>take the best offers at once</comment>
        <translation>&amp;Hemen al</translation>
    </message>
    <message>
        <source>B&amp;id</source>
        <comment>place a bid at your price</comment>
        <translation>Alış &amp;teklifi ver</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>&amp;GPUs</source>
        <translation>G&amp;PU sayısı</translation>
    </message>
    <message>
        <source>&amp;Hours</source>
        <translation>&amp;Saat</translation>
    </message>
    <message>
        <source>&amp;Price per GPU-hour</source>
        <translation>GPU saati başına &amp;fiyat</translation>
    </message>
    <message>
        <source>Subtotal</source>
        <translation>Ara toplam</translation>
    </message>
    <message>
        <source>Tax</source>
        <translation>Vergi</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Toplam</translation>
    </message>
    <message>
        <source>Balance after</source>
        <translation>Kalan bakiye</translation>
    </message>
    <message>
        <source>Place order…</source>
        <translation>Emir ver…</translation>
    </message>
    <message>
        <source>Price per GPU-hour</source>
        <translation>GPU saati başına fiyat</translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n saat</numerusform>
        </translation>
    </message>
    <message>
        <source>Offline: the connection to the exchange dropped. Orders can be placed again once the desk is live.</source>
        <translation>Çevrimdışı: borsayla bağlantı koptu. Veriler yeniden canlı olduğunda emir verilebilir.</translation>
    </message>
    <message>
        <source>P&amp;lacement</source>
        <comment>where an order&apos;s GPUs may come from</comment>
        <translation>Yer&amp;leşim</translation>
    </message>
    <message>
        <source>Placement</source>
        <comment>where an order&apos;s GPUs may come from</comment>
        <translation>Yerleşim</translation>
    </message>
    <message>
        <source>Best offer</source>
        <translation>En iyi satış</translation>
    </message>
    <message>
        <source>Any servers</source>
        <comment>an order&apos;s placement</comment>
        <translation>Herhangi sunucular</translation>
    </message>
    <message>
        <source>One server</source>
        <comment>an order&apos;s placement</comment>
        <translation>Tek sunucu</translation>
    </message>
    <message>
        <source>One cluster</source>
        <comment>an order&apos;s placement</comment>
        <translation>Tek küme</translation>
    </message>
    <message>
        <source>The GPUs may come from several servers, even far apart: for jobs that need no fast link between GPUs.</source>
        <translation>GPU&apos;lar birbirinden uzak birkaç sunucudan gelebilir: GPU&apos;lar arasında hızlı bağlantı gerektirmeyen işler için.</translation>
    </message>
    <message>
        <source>All the GPUs from one server, or none: for a model split over GPUs.</source>
        <translation>Tüm GPU&apos;lar tek bir sunucudan ya da hiç: GPU&apos;lara bölünmüş bir model için.</translation>
    </message>
    <message>
        <source>All the GPUs from servers of one provider&apos;s cluster, or none.</source>
        <translation>Tüm GPU&apos;lar tek bir sağlayıcının bir kümesindeki sunuculardan ya da hiç.</translation>
    </message>
    <message>
        <source>No offers</source>
        <translation>Satış teklifi yok</translation>
    </message>
    <message numerus="yes">
        <source>%1; for %n on one server: %2</source>
        <extracomment>%1 the best offer; %2 the best price for the GPUs on one server, or &quot;none&quot;</extracomment>
        <translation>
            <numerusform>%1; tek sunucuda %n adet için: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <comment>no server offers that many GPUs</comment>
        <translation>yok</translation>
    </message>
    <message numerus="yes">
        <source>No one server offers %n GPU(s) now.</source>
        <translation>
            <numerusform>Şu anda hiçbir sunucu tek başına %n GPU için satış teklifi vermiyor.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No one cluster offers %n GPU(s) now.</source>
        <translation>
            <numerusform>Şu anda hiçbir küme tek başına %n GPU için satış teklifi vermiyor.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fewer than %n GPU(s) are offered now.</source>
        <translation>
            <numerusform>Şu anda %n GPU&apos;dan azı için satış teklifi var.</numerusform>
        </translation>
    </message>
    <message>
        <source>The exchange could not price this order: %1</source>
        <translation>Borsa bu emri fiyatlayamadı: %1</translation>
    </message>
    <message>
        <source>Ask again</source>
        <translation>Yeniden sor</translation>
    </message>
    <message>
        <source>from any servers</source>
        <comment>where the GPUs come from</comment>
        <translation>herhangi sunuculardan</translation>
    </message>
    <message>
        <source>all on one server</source>
        <comment>where the GPUs come from</comment>
        <translation>tümü tek sunucuda</translation>
    </message>
    <message>
        <source>all in one cluster</source>
        <comment>where the GPUs come from</comment>
        <translation>tümü tek kümede</translation>
    </message>
    <message numerus="yes">
        <source>Buy now %n GPU(s) of %1 for %2, %3.</source>
        <extracomment>%1 is the GPU&apos;s name, %2 a number of hours (&quot;3 hours&quot;), %3 where the GPUs come from</extracomment>
        <translation>
            <numerusform>%n adet %1, %2 süreyle, %3 hemen alınacak.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Average price %1 per GPU-hour (at most %2), from %n server(s)</source>
        <translation>
            <numerusform>Ortalama fiyat GPU saati başına %1 (en fazla %2), %n sunucudan</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Bid for %n GPU(s) of %1 for %2 at %3 per GPU-hour, %4.</source>
        <extracomment>%1 is the GPU&apos;s name, %2 a number of hours (&quot;3 hours&quot;), %3 the bid&apos;s price, %4 where the GPUs come from</extracomment>
        <translation>
            <numerusform>%n adet %1 için %2 süreyle, GPU saati başına %3 fiyatla alış teklifi verilecek, %4.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Order placed: %1 of %n GPU(s) filled; the rest is released.</source>
        <translation>
            <numerusform>Emir verildi: %n GPU&apos;nun %1 adedi karşılandı; kalanı serbest bırakıldı.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing filled: the best offer is now %1 per GPU-hour.</source>
        <translation>Hiçbir şey karşılanmadı: en iyi satış şimdi GPU saati başına %1.</translation>
    </message>
    <message>
        <source>Buy at %1…</source>
        <translation>%1 fiyatla al…</translation>
    </message>
    <message>
        <source>Nothing filled.</source>
        <translation>Hiçbir şey karşılanmadı.</translation>
    </message>
    <message>
        <source>The price must be above zero: at least %1 per GPU-hour.</source>
        <translation>Fiyat sıfırdan büyük olmalı: GPU saati başına en az %1.</translation>
    </message>
    <message>
        <source>Enter the price as a number, like %1.</source>
        <translation>Fiyatı sayı olarak girin, örneğin %1.</translation>
    </message>
    <message>
        <source>Prices are in whole cents: at most two decimals, like %1.</source>
        <translation>Fiyatlar tam sent cinsindendir: en fazla iki ondalık basamak, örneğin %1.</translation>
    </message>
    <message>
        <source>Use a comma for decimals: %1</source>
        <translation>Ondalık için virgül kullanın: %1</translation>
    </message>
    <message>
        <source>Use a point for decimals: %1</source>
        <comment>the decimal sign &apos;.&apos;</comment>
        <translation>Ondalık için nokta kullanın: %1</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <comment>when a rental starts</comment>
        <translation>Başlama &amp;zamanı</translation>
    </message>
    <message>
        <source>Start</source>
        <comment>when a rental starts</comment>
        <translation>Başlangıç</translation>
    </message>
    <message>
        <source>Now, or a whole hour from the next one to 14 days ahead, on your clock (UTC beside it).</source>
        <translation>Şimdi ya da bir sonraki saatten 14 gün sonrasına kadar tam bir saat, sizin saatinize göre (yanında UTC).</translation>
    </message>
    <message>
        <source>The start you chose has passed: the order starts now unless you choose another.</source>
        <translation>Seçtiğiniz başlangıç saati geçti: başka birini seçmezseniz emir şimdi başlar.</translation>
    </message>
    <message>
        <source>Starts now.</source>
        <comment>an order&apos;s rental</comment>
        <translation>Şimdi başlar.</translation>
    </message>
    <message>
        <source>Starts %1.</source>
        <comment>an order&apos;s rental</comment>
        <extracomment>%1 the start&apos;s day and hour, and the same in UTC (&quot;Mon 7 Dec 10:00 (09:00 UTC)&quot;)</extracomment>
        <translation>%1 itibarıyla başlar.</translation>
    </message>
    <message numerus="yes">
        <source>The start must be a whole hour from the next one to %n day(s) ahead: choose another.</source>
        <translation>
            <numerusform>Başlangıç, bir sonraki saatten %n gün sonrasına kadar tam bir saat olmalı: başka birini seçin.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::PasswordDialog</name>
    <message>
        <source>Change password</source>
        <translation>Parolayı değiştir</translation>
    </message>
    <message>
        <source>Every other place where this account is signed in is signed out; this desk stays signed in.</source>
        <translation>Bu hesap diğer her yerde oturumdan çıkarılır; bu uygulamada oturum açık kalır.</translation>
    </message>
    <message>
        <source>&amp;Current password:</source>
        <translation>&amp;Geçerli parola:</translation>
    </message>
    <message>
        <source>&amp;New password:</source>
        <translation>&amp;Yeni parola:</translation>
    </message>
    <message>
        <source>&amp;Repeat the new password:</source>
        <translation>Yeni parolayı &amp;tekrarlayın:</translation>
    </message>
    <message>
        <source>Changing…</source>
        <translation>Değiştiriliyor…</translation>
    </message>
    <message>
        <source>C&amp;hange password</source>
        <translation>Parolayı &amp;değiştir</translation>
    </message>
    <message>
        <source>Enter the password you sign in with now.</source>
        <translation>Şu anda oturum açtığınız parolayı girin.</translation>
    </message>
    <message numerus="yes">
        <source>Use at least %n character(s).</source>
        <translation>
            <numerusform>En az %n karakter kullanın.</numerusform>
        </translation>
    </message>
    <message>
        <source>This password is too long.</source>
        <translation>Bu parola çok uzun.</translation>
    </message>
    <message>
        <source>This password is one of the most common ones. Choose another.</source>
        <translation>Bu parola en yaygın parolalardan biri. Başka bir parola seçin.</translation>
    </message>
    <message>
        <source>The two new passwords differ.</source>
        <translation>İki yeni parola birbirinden farklı.</translation>
    </message>
    <message>
        <source>This is not your current password.</source>
        <translation>Bu, geçerli parolanız değil.</translation>
    </message>
    <message>
        <source>The exchange refuses this password: %1</source>
        <translation>Borsa bu parolayı kabul etmiyor: %1</translation>
    </message>
    <message>
        <source>The password was not changed: %1</source>
        <translation>Parola değiştirilmedi: %1</translation>
    </message>
    <message>
        <source>A password of spaces or invisible characters only is not allowed.</source>
        <translation>Yalnızca boşluk veya görünmez karakterlerden oluşan bir parola kullanılamaz.</translation>
    </message>
    <message>
        <source>One character repeated is too easy to guess. Choose another.</source>
        <translation>Tek bir karakterin tekrarı çok kolay tahmin edilir. Başka bir parola seçin.</translation>
    </message>
    <message>
        <source>The password may not contain the name of your email address.</source>
        <translation>Parola, e-posta adresinizin adını içeremez.</translation>
    </message>
</context>
<context>
    <name>everx::PayoutDialog</name>
    <message>
        <source>Your earnings: %1. A payout is paid by bank transfer once support has checked it.</source>
        <translation>Kazancınız: %1. Para çekme, destek ekibi kontrol ettikten sonra banka havalesiyle ödenir.</translation>
    </message>
    <message>
        <source>Enter an amount from %1 to %2.</source>
        <translation>%1 ile %2 arasında bir tutar girin.</translation>
    </message>
</context>
<context>
    <name>everx::PayoutsModel</name>
    <message>
        <source>Requested</source>
        <comment>payout state</comment>
        <translation>Talep edildi</translation>
    </message>
    <message>
        <source>Paid</source>
        <comment>payout state</comment>
        <translation>Ödendi</translation>
    </message>
    <message>
        <source>Rejected</source>
        <comment>payout state</comment>
        <translation>Reddedildi</translation>
    </message>
    <message>
        <source>Requested</source>
        <comment>when a payout was asked for</comment>
        <translation>Talep tarihi</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Tutar</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Durum</translation>
    </message>
    <message>
        <source>Reference</source>
        <comment>of a bank transfer</comment>
        <translation>Referans</translation>
    </message>
    <message>
        <source>Settled</source>
        <comment>when a payout was paid or rejected</comment>
        <translation>Sonuçlandı</translation>
    </message>
</context>
<context>
    <name>everx::PendingTopUpsModel</name>
    <message>
        <source>Reference</source>
        <comment>of a payment</comment>
        <translation>Referans</translation>
    </message>
    <message>
        <source>To pay</source>
        <translation>Ödenecek</translation>
    </message>
    <message>
        <source>Credited</source>
        <comment>what a top-up credits, in USD</comment>
        <translation>Eklenecek</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Son geçerlilik</translation>
    </message>
</context>
<context>
    <name>everx::PriceChart</name>
    <message>
        <source>%1   O %2   H %3   L %4   C %5   Vol %6 GPU-h</source>
        <comment>candle readout: start time, open, high, low, close, volume in GPU-hours</comment>
        <translation>%1   A %2   Y %3   D %4   K %5   Hacim %6 GPU-sa</translation>
    </message>
    <message>
        <source>Price chart</source>
        <translation>Fiyat grafiği</translation>
    </message>
    <message>
        <source>Candlestick chart with volume</source>
        <translation>Hacimli mum grafiği</translation>
    </message>
    <message>
        <source>One-minute candles</source>
        <translation>Bir dakikalık mumlar</translation>
    </message>
    <message>
        <source>Five-minute candles</source>
        <translation>Beş dakikalık mumlar</translation>
    </message>
    <message>
        <source>Hourly candles</source>
        <translation>Saatlik mumlar</translation>
    </message>
    <message>
        <source>Daily candles</source>
        <translation>Günlük mumlar</translation>
    </message>
    <message>
        <source>1m</source>
        <comment>one-minute candles</comment>
        <translation>1dk</translation>
    </message>
    <message>
        <source>5m</source>
        <comment>five-minute candles</comment>
        <translation>5dk</translation>
    </message>
    <message>
        <source>1h</source>
        <comment>hourly candles</comment>
        <translation>1sa</translation>
    </message>
    <message>
        <source>1d</source>
        <comment>daily candles</comment>
        <translation>1g</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Yakınlaştırmayı sıfırla</translation>
    </message>
    <message>
        <source>Show the latest candles again (double-click or Home)</source>
        <translation>En son mumları yeniden göster (çift tıklama veya Home)</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Hacim</translation>
    </message>
</context>
<context>
    <name>everx::ProviderListingsModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Adet</translation>
    </message>
    <message>
        <source>Rented</source>
        <comment>GPUs of a listing that are rented</comment>
        <translation>Kirada</translation>
    </message>
    <message>
        <source>Idle</source>
        <comment>GPUs of a listing that are not rented</comment>
        <translation>Boşta</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>Vs best offer</source>
        <comment>a listing&apos;s price minus the best offer of its GPU</comment>
        <translation>En iyi satışa göre</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Durum</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Bölge</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <comment>access details of a server</comment>
        <translation>Erişim noktası</translation>
    </message>
    <message>
        <source>Earnings</source>
        <comment>what a listing has earned to date</comment>
        <translation>Kazanç</translation>
    </message>
    <message>
        <source>Active</source>
        <comment>listing state</comment>
        <translation>Etkin</translation>
    </message>
    <message>
        <source>Paused</source>
        <comment>listing state</comment>
        <translation>Duraklatıldı</translation>
    </message>
    <message>
        <source>Removed</source>
        <comment>listing state</comment>
        <translation>Kaldırıldı</translation>
    </message>
    <message>
        <source>at best</source>
        <comment>a listing priced at the best offer</comment>
        <translation>en iyi satış</translation>
    </message>
    <message>
        <source>Cluster</source>
        <comment>servers of one provider joined by a fast network</comment>
        <translation>Küme</translation>
    </message>
    <message>
        <source>%1 (%2, %3 Gb/s)</source>
        <extracomment>a cluster&apos;s name, its network (InfiniBand, RoCE, Ethernet) and the network&apos;s speed</extracomment>
        <translation>%1 (%2, %3 Gb/s)</translation>
    </message>
</context>
<context>
    <name>everx::ProviderWorkspace</name>
    <message>
        <source>Earnings: %1</source>
        <translation>Kazanç: %1</translation>
    </message>
    <message>
        <source>Waiting to be paid: %1</source>
        <translation>Ödenmeyi bekleyen: %1</translation>
    </message>
    <message>
        <source>Today: %1</source>
        <translation>Bugün: %1</translation>
    </message>
    <message>
        <source>7 days: %1</source>
        <translation>7 gün: %1</translation>
    </message>
    <message>
        <source>30 days: %1</source>
        <translation>30 gün: %1</translation>
    </message>
    <message>
        <source>This listing has rented GPUs, so it cannot be removed now. Pause it, and remove it when its rentals have ended.</source>
        <translation>Bu ilanın kirada GPU&apos;ları var, bu yüzden şimdi kaldırılamaz. İlanı duraklatın ve kiralamalar bitince kaldırın.</translation>
    </message>
    <message>
        <source>The listing is already in that state.</source>
        <translation>İlan zaten bu durumda.</translation>
    </message>
    <message>
        <source>The exchange did not answer; try again.</source>
        <translation>Borsa yanıt vermedi; yeniden deneyin.</translation>
    </message>
    <message>
        <source>The exchange refused: %1</source>
        <translation>Borsa reddetti: %1</translation>
    </message>
    <message>
        <source>Listing added.</source>
        <translation>İlan eklendi.</translation>
    </message>
    <message>
        <source>Payout of %1 requested.</source>
        <translation>%1 tutarında para çekme talep edildi.</translation>
    </message>
    <message>
        <source>Export earnings</source>
        <translation>Kazançları dışa aktar</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV dosyaları (*.csv)</translation>
    </message>
    <message>
        <source>Earnings written to %1.</source>
        <translation>Kazançlar %1 dosyasına yazıldı.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 yazılamadı: %2</translation>
    </message>
    <message>
        <source>7 days</source>
        <translation>7 gün</translation>
    </message>
    <message>
        <source>30 days</source>
        <translation>30 gün</translation>
    </message>
    <message>
        <source>90 days</source>
        <translation>90 gün</translation>
    </message>
    <message>
        <source>Taken out of the cluster.</source>
        <translation>Kümeden çıkarıldı.</translation>
    </message>
    <message>
        <source>In cluster %1.</source>
        <translation>%1 kümesinde.</translation>
    </message>
    <message>
        <source>%1 x %2 in %3 at %4 per GPU-hour</source>
        <translation>%3 bölgesinde %1 x %2, GPU saati başına %4</translation>
    </message>
    <message>
        <source>Remove listings</source>
        <translation>İlanları kaldır</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n listing(s)? Their idle GPUs leave the book at once, and a removed listing cannot be restored.</source>
        <translation>
            <numerusform>%n ilan kaldırılsın mı? Boştaki GPU&apos;ları hemen defterden çıkar ve kaldırılan bir ilan geri getirilemez.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Kaldır</translation>
    </message>
    <message>
        <source>90 days: %1</source>
        <translation>90 gün: %1</translation>
    </message>
    <message>
        <source>Your application is waiting for approval. Until support approves it you can watch the market; adding and changing listings and payouts open once it is approved.</source>
        <translation>Başvurunuz onay bekliyor. Destek ekibi onaylayana kadar piyasayı izleyebilirsiniz; ilan ekleme, değiştirme ve para çekme onaydan sonra açılır.</translation>
    </message>
    <message>
        <source>Your application was not approved, so this account cannot list servers. Support can tell you why.</source>
        <translation>Başvurunuz onaylanmadı; bu hesap sunucu ilanı veremez. Nedenini destek ekibi açıklayabilir.</translation>
    </message>
    <message>
        <source>Your provider application is approved: you can list servers now.</source>
        <translation>Sağlayıcı başvurunuz onaylandı: artık sunucu ilanı verebilirsiniz.</translation>
    </message>
    <message>
        <source>Your provider application was rejected.</source>
        <translation>Sağlayıcı başvurunuz reddedildi.</translation>
    </message>
    <message>
        <source>#%1: %2 x %3, %4</source>
        <comment>a listing: its number, GPUs, model and region</comment>
        <translation>#%1: %2 x %3, %4</translation>
    </message>
    <message numerus="yes">
        <source>Booked ahead on this server: %1 in %n window(s); on all: %2</source>
        <comment>earnings of reserved windows, less the platform fee</comment>
        <translation>
            <numerusform>Bu sunucuda önceden ayrılmış kazanç: %n zaman aralığında %1; tüm sunucularda: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::RentalsModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Adet</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Başlangıç</translation>
    </message>
    <message>
        <source>Hours left</source>
        <translation>Kalan saat</translation>
    </message>
    <message>
        <source>Cost so far</source>
        <translation>Şu ana kadarki maliyet</translation>
    </message>
    <message>
        <source>Access</source>
        <translation>Erişim</translation>
    </message>
    <message>
        <source>Region: %1</source>
        <translation>Bölge: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <comment>hours left</comment>
        <translation>
            <numerusform>%n sa</numerusform>
        </translation>
    </message>
    <message>
        <source>Reserved from %1</source>
        <comment>a window ahead&apos;s start</comment>
        <translation>%1 itibarıyla rezerve</translation>
    </message>
    <message>
        <source>under a minute</source>
        <comment>time until a window starts</comment>
        <translation>bir dakikadan az</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <comment>days and hours until a window starts</comment>
        <translation>%1 g %2 sa</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <comment>hours and minutes until a window starts</comment>
        <translation>%1 sa %2 dk</translation>
    </message>
    <message>
        <source>%1 min</source>
        <comment>minutes until a window starts</comment>
        <translation>%1 dk</translation>
    </message>
    <message numerus="yes">
        <source>%n h, starts in %1</source>
        <comment>a reserved window&apos;s hours and the time to its start</comment>
        <translation>
            <numerusform>%n sa, %1 sonra başlıyor</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::RepriceDialog</name>
    <message>
        <source>A price (USD per GPU-hour)</source>
        <translation>Belirli bir fiyat (GPU saati başına USD)</translation>
    </message>
    <message>
        <source>The best offer</source>
        <translation>En iyi satış</translation>
    </message>
    <message>
        <source>The best offer minus a percentage</source>
        <translation>En iyi satış eksi bir yüzde</translation>
    </message>
    <message>
        <source>The best offer minus an amount (USD)</source>
        <translation>En iyi satış eksi bir tutar (USD)</translation>
    </message>
    <message numerus="yes">
        <source>%n listing(s) selected.</source>
        <translation>
            <numerusform>%n ilan seçildi.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: no new price (no offer to follow, or out of range)</source>
        <translation>%1: yeni fiyat yok (izlenecek satış teklifi yok ya da aralık dışında)</translation>
    </message>
    <message>
        <source>%1: %2 to %3</source>
        <translation>%1: %2 → %3</translation>
    </message>
</context>
<context>
    <name>everx::ResultsPage</name>
    <message>
        <source>Results</source>
        <translation>Sonuçlar</translation>
    </message>
    <message>
        <source>Every GPU ranked by fit and live price. Choose one to see its memory, then bid for it.</source>
        <translation>Tüm GPU&apos;lar uygunluğa ve canlı fiyata göre sıralanır. Belleğini görmek için birini seçin, ardından alış teklifi verin.</translation>
    </message>
    <message>
        <source>&amp;Assumptions</source>
        <translation>&amp;Varsayımlar</translation>
    </message>
    <message>
        <source>GPUs ranked by fit and price</source>
        <translation>Uygunluğa ve fiyata göre sıralanan GPU&apos;lar</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>, quick rule</source>
        <translation>, hızlı kural</translation>
    </message>
    <message>
        <source>, %1 tokens × %2</source>
        <comment>sequence length × micro-batch</comment>
        <translation>, %1 token × %2</translation>
    </message>
    <message>
        <source>No GPU fits within your limits; the table says why for each.</source>
        <translation>Sınırlarınız içinde uygun GPU yok; tablo her biri için nedenini gösteriyor.</translation>
    </message>
    <message>
        <source>This GPU does not fit the workload.</source>
        <translation>Bu GPU iş yüküne uygun değil.</translation>
    </message>
    <message numerus="yes">
        <source>%n hour(s)</source>
        <translation>
            <numerusform>%n saat</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The run needs %n hour(s), more than one bid covers: bid again when it ends, or choose GPUs that need fewer hours.</source>
        <translation>
            <numerusform>Çalıştırma %n saat sürüyor, bir alış teklifinin kapsayabileceğinden fazla: bittiğinde yeniden alış teklifi verin ya da daha az saat gerektiren GPU&apos;ları seçin.</numerusform>
        </translation>
    </message>
    <message>
        <source>The run&apos;s %1 h, rounded up: rentals are billed per started hour.</source>
        <translation>Çalıştırmanın %1 saati, yukarı yuvarlanmış: kiralamalar başlayan her saat için saatlik faturalandırılır.</translation>
    </message>
    <message>
        <source>Without its TFLOPS the run cannot be timed: the hours are those to rent.</source>
        <translation>TFLOPS değeri olmadan çalıştırmanın süresi hesaplanamaz: saatler, kiralamak için seçtiğiniz saatlerdir.</translation>
    </message>
    <message>
        <source>%1 × %2 %3</source>
        <comment>GPU count × GPU name, placement</comment>
        <translation>%1 × %2 %3</translation>
    </message>
    <message>
        <source>Best now: %1, %2 for the whole run (%3 h, tax included).</source>
        <translation>Şu an en iyisi: %1, tüm çalıştırma için %2 (%3 sa, vergi dahil).</translation>
    </message>
    <message>
        <source>Best now: %1 at %2 per hour.</source>
        <translation>Şu an en iyisi: %1, saatlik %2.</translation>
    </message>
    <message>
        <source>Best: %1; nobody offers it right now.</source>
        <translation>En iyisi: %1; şu anda satış teklifi veren yok.</translation>
    </message>
    <message>
        <source>Bid for %1 for %2 at %3 per GPU-hour, the best offer.</source>
        <translation>Alış teklifi: %1, %2 süreyle, GPU saati başına %3 (en iyi satış).</translation>
    </message>
    <message>
        <source>Bid for %1 for %2 at %3 per GPU-hour; nobody offers it now.</source>
        <translation>Alış teklifi: %1, %2 süreyle, GPU saati başına %3; şu anda satış teklifi veren yok.</translation>
    </message>
    <message numerus="yes">
        <source>The book cannot take %n GPU(s) %1 now.</source>
        <translation>
            <numerusform>Emir defteri şu anda %n GPU&apos;yu %1 karşılayamıyor.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The book quotes %1 for %n GPU(s) %2 for %3, tax included.</source>
        <comment>total, GPUs, placement, hours</comment>
        <translation>
            <numerusform>Emir defterinin fiyatı: %n GPU %2, %3 süreyle, vergi dahil %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>on any servers</source>
        <translation>herhangi sunucularda</translation>
    </message>
    <message>
        <source>on one server</source>
        <translation>tek sunucuda</translation>
    </message>
    <message numerus="yes">
        <source>on a cluster of %n server(s)</source>
        <translation>
            <numerusform>%n sunuculu bir kümede</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>As asked it needs %n GPU(s)</source>
        <comment>the run as the user asked it</comment>
        <translation>
            <numerusform>İstendiği gibi %n GPU gerekir</numerusform>
        </translation>
    </message>
    <message>
        <source>As asked it fits on no number of GPUs</source>
        <translation>İstendiği gibi hiçbir GPU sayısına sığmaz</translation>
    </message>
    <message>
        <source>%1: the plan uses full recomputation and tensor parallelism %2 inside a server.</source>
        <translation>%1: plan tam yeniden hesaplama ve tek sunucu içinde %2 yönlü tensör paralelliği kullanır.</translation>
    </message>
    <message>
        <source>%1: the plan uses tensor parallelism %2 inside a server.</source>
        <translation>%1: plan tek sunucu içinde %2 yönlü tensör paralelliği kullanır.</translation>
    </message>
    <message>
        <source>%1: the plan uses full recomputation.</source>
        <translation>%1: plan tam yeniden hesaplama kullanır.</translation>
    </message>
    <message>
        <source>Opens the order ticket with this GPU, the GPU count, the hours and the best offer as the bid price, to start now.</source>
        <translation>Emir formunu bu GPU, GPU sayısı, saatler ve alış teklifi fiyatı olarak en iyi satış ile, şimdi başlamak üzere açar.</translation>
    </message>
    <message>
        <source>Start &amp;now</source>
        <comment>a bid&apos;s start</comment>
        <translation>Hemen başla&amp;t</translation>
    </message>
    <message>
        <source>Opens the order ticket as &quot;Start now&quot; does, to start at the cheapest start hour the exchange offers.</source>
        <translation>Emir formunu &quot;Hemen başlat&quot; gibi, borsanın satış tekliflerine göre en ucuz başlangıç saatinde başlamak üzere açar.</translation>
    </message>
    <message>
        <source>%1 in all</source>
        <comment>a run&apos;s total, tax included</comment>
        <translation>toplam %1</translation>
    </message>
    <message>
        <source>nothing free now</source>
        <translation>şu anda boşta yok</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Cheapest start in the next %n day(s)</source>
        <translation>
            <numerusform>Önümüzdeki %n gün içinde en &amp;ucuz başlangıç</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 in all</source>
        <comment>a start and the run&apos;s total</comment>
        <extracomment>%1 a start (&quot;Mon 7 Dec 10:00 (09:00 UTC)&quot;), %2 the run&apos;s total with tax</extracomment>
        <translation>%1: toplam %2</translation>
    </message>
    <message>
        <source>nothing free for the whole run</source>
        <translation>tüm çalıştırma için boşta yok</translation>
    </message>
</context>
<context>
    <name>everx::RunPage</name>
    <message>
        <source>Run shape</source>
        <translation>Çalıştırma düzeni</translation>
    </message>
    <message>
        <source>How the run is laid out. The defaults suit the workload.</source>
        <translation>Çalıştırmanın nasıl düzenlendiği. Varsayılanlar iş yüküne uygundur.</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>Tahmin</translation>
    </message>
    <message>
        <source>&amp;Detailed</source>
        <translation>&amp;Ayrıntılı</translation>
    </message>
    <message>
        <source>Q&amp;uick rule</source>
        <translation>&amp;Hızlı kural</translation>
    </message>
    <message>
        <source>&amp;Sequence length (tokens)</source>
        <translation>&amp;Dizi uzunluğu (token)</translation>
    </message>
    <message>
        <source>Concurrent se&amp;quences</source>
        <translation>&amp;Eş zamanlı dizi sayısı</translation>
    </message>
    <message>
        <source>Micro-ba&amp;tch per GPU</source>
        <translation>GPU başına &amp;mikro batch</translation>
    </message>
    <message>
        <source>&amp;Checkpointing</source>
        <translation>&amp;Checkpoint&apos;leme</translation>
    </message>
    <message>
        <source>Sh&amp;arding</source>
        <translation>&amp;Parçalama</translation>
    </message>
    <message>
        <source>&amp;Gradients</source>
        <translation>G&amp;radyanlar</translation>
    </message>
    <message>
        <source>Activations and the KV cache grow with the sequence length.</source>
        <translation>Aktivasyonlar ve KV önbelleği dizi uzunluğuyla büyür.</translation>
    </message>
    <message>
        <source>Sequences served at once; each has its KV cache.</source>
        <translation>Aynı anda sunulan diziler; her birinin kendi KV önbelleği vardır.</translation>
    </message>
    <message>
        <source>Sequences per GPU per step; gradient accumulation makes up the global batch.</source>
        <translation>Adım başına, GPU başına dizi sayısı; gradyan biriktirme global batch&apos;i tamamlar.</translation>
    </message>
    <message>
        <source>None: keep every activation (fastest, most memory)</source>
        <translation>Yok: tüm aktivasyonlar tutulur (en hızlı, en çok bellek)</translation>
    </message>
    <message>
        <source>Selective: recompute attention, as FlashAttention does</source>
        <translation>Seçici: dikkat, FlashAttention&apos;daki gibi yeniden hesaplanır</translation>
    </message>
    <message>
        <source>Full: gradient checkpointing (slower, least memory)</source>
        <translation>Tam: gradyan checkpoint&apos;leme (daha yavaş, en az bellek)</translation>
    </message>
    <message>
        <source>DDP: a full copy on every GPU</source>
        <translation>DDP: her GPU&apos;da tam bir kopya</translation>
    </message>
    <message>
        <source>ZeRO-1: optimizer states sharded</source>
        <translation>ZeRO-1: optimizer durumları parçalanır</translation>
    </message>
    <message>
        <source>ZeRO-2: optimizer states and gradients sharded</source>
        <translation>ZeRO-2: optimizer durumları ve gradyanlar parçalanır</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP: everything sharded</source>
        <translation>ZeRO-3 / FSDP: her şey parçalanır</translation>
    </message>
    <message>
        <source>2 bytes (bf16 / fp16)</source>
        <translation>2 bayt (bf16 / fp16)</translation>
    </message>
    <message>
        <source>4 bytes (fp32)</source>
        <translation>4 bayt (fp32)</translation>
    </message>
    <message>
        <source>Bytes per gradient element; mixed precision keeps 2.</source>
        <translation>Gradyan öğesi başına bayt; karışık hassasiyette 2&apos;dir.</translation>
    </message>
    <message>
        <source>Quick: EverXCloud&apos;s published rule of bytes per parameter, counting %1% of memory; only the parameter count matters.</source>
        <translation>Hızlı: EverXCloud&apos;un yayımladığı parametre başına bayt kuralı, belleğin %%1 kadarı hesaba katılır; yalnızca parametre sayısı önemlidir.</translation>
    </message>
    <message>
        <source>Detailed: 16-bit weights and the KV cache of every sequence, split over the GPUs, plus a %1% reserve.</source>
        <translation>Ayrıntılı: 16 bit ağırlıklar ve her dizinin KV önbelleği, GPU&apos;lara bölünmüş olarak, artı %%1 pay.</translation>
    </message>
    <message>
        <source>Detailed: weights, gradients, optimizer states, activations and logits from published formulas, plus a %1% reserve on top (%2% of memory usable).</source>
        <translation>Ayrıntılı: yayımlanmış formüllere göre ağırlıklar, gradyanlar, optimizer durumları, aktivasyonlar ve logit&apos;ler, üstüne %%1 pay (belleğin %%2 kadarı kullanılabilir).</translation>
    </message>
</context>
<context>
    <name>everx::ServerConnector</name>
    <message>
        <source>Enter the server&apos;s address, for example wss://exchange.example.com:7447.</source>
        <translation>Sunucunun adresini girin, örneğin wss://exchange.example.com:7447.</translation>
    </message>
    <message>
        <source>“%1” is not a server address.</source>
        <translation>“%1” bir sunucu adresi değil.</translation>
    </message>
    <message>
        <source>The address must start with wss:// (or ws:// for this computer only).</source>
        <translation>Adres wss:// ile başlamalıdır (yalnızca bu bilgisayar için ws://).</translation>
    </message>
    <message>
        <source>ws:// is not encrypted, so it is accepted only for this computer (localhost). Use wss://%1 for %2.</source>
        <translation>ws:// şifreli değildir; bu yüzden yalnızca bu bilgisayar (localhost) için kabul edilir. %2 için wss://%1 kullanın.</translation>
    </message>
    <message>
        <source>Give at most %1 addresses, separated by commas.</source>
        <translation>Virgülle ayırarak en fazla %1 adres yazın.</translation>
    </message>
    <message>
        <source>Address %1 of the list is empty: separate the addresses with single commas.</source>
        <translation>Listenin %1. adresi boş: adresleri tek virgülle ayırın.</translation>
    </message>
    <message>
        <source>Address %1 of the list: %2</source>
        <translation>Listenin %1. adresi: %2</translation>
    </message>
    <message>
        <source>%1 is in the list twice.</source>
        <translation>%1 listede iki kez var.</translation>
    </message>
</context>
<context>
    <name>everx::SignUpDialog</name>
    <message>
        <source>Create account</source>
        <translation>Hesap oluştur</translation>
    </message>
    <message>
        <source>A customer account trades at once. A provider account lists GPU servers once support has approved it.</source>
        <translation>Müşteri hesabı hemen işlem yapabilir. Sağlayıcı hesabı, destek ekibi onayladıktan sonra GPU sunucularını listeleyebilir.</translation>
    </message>
    <message>
        <source>&amp;Email:</source>
        <translation>&amp;E-posta:</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>&amp;Parola:</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Ad:</translation>
    </message>
    <message>
        <source>C&amp;ountry:</source>
        <translation>Ü&amp;lke:</translation>
    </message>
    <message>
        <source>Account for:</source>
        <translation>Hesap amacı:</translation>
    </message>
    <message>
        <source>Renting &amp;GPUs</source>
        <translation>&amp;GPU kiralamak</translation>
    </message>
    <message>
        <source>Selling GPU &amp;hours (provider)</source>
        <translation>GPU &amp;saatleri satmak (sağlayıcı)</translation>
    </message>
    <message>
        <source>Co&amp;mpany:</source>
        <translation>Şir&amp;ket:</translation>
    </message>
    <message>
        <source>Creating…</source>
        <translation>Oluşturuluyor…</translation>
    </message>
    <message>
        <source>&amp;Create account</source>
        <translation>Hesap &amp;oluştur</translation>
    </message>
    <message>
        <source>Enter your email address.</source>
        <translation>E-posta adresinizi girin.</translation>
    </message>
    <message numerus="yes">
        <source>Use at least %n character(s).</source>
        <translation>
            <numerusform>En az %n karakter kullanın.</numerusform>
        </translation>
    </message>
    <message>
        <source>This password is too long.</source>
        <translation>Bu parola çok uzun.</translation>
    </message>
    <message>
        <source>This password is one of the most common ones. Choose another.</source>
        <translation>Bu parola en yaygın parolalardan biri. Başka bir parola seçin.</translation>
    </message>
    <message>
        <source>Enter the name others will see.</source>
        <translation>Başkalarının göreceği adı girin.</translation>
    </message>
    <message>
        <source>A provider account needs its company&apos;s name.</source>
        <translation>Sağlayıcı hesabı için şirket adı gerekir.</translation>
    </message>
    <message>
        <source>The exchange refuses this password: %1</source>
        <translation>Borsa bu parolayı kabul etmiyor: %1</translation>
    </message>
    <message>
        <source>The exchange does not serve this country.</source>
        <translation>Borsa bu ülkeye hizmet vermiyor.</translation>
    </message>
    <message>
        <source>This exchange does not take new accounts. Ask its operator.</source>
        <translation>Bu borsa yeni hesap kabul etmiyor. İşletmecisine danışın.</translation>
    </message>
    <message>
        <source>Too many attempts from this address. Wait a minute, then try again.</source>
        <translation>Bu adresten çok fazla deneme yapıldı. Bir dakika bekleyip yeniden deneyin.</translation>
    </message>
    <message>
        <source>The exchange did not answer. Check the connection and try again.</source>
        <translation>Borsa yanıt vermedi. Bağlantıyı kontrol edip yeniden deneyin.</translation>
    </message>
    <message>
        <source>The exchange refused the account: %1</source>
        <translation>Borsa hesabı reddetti: %1</translation>
    </message>
    <message>
        <source>Confirmation co&amp;de:</source>
        <translation>Onay ko&amp;du:</translation>
    </message>
    <message>
        <source>Confirming…</source>
        <translation>Onaylanıyor…</translation>
    </message>
    <message>
        <source>&amp;Confirm address</source>
        <translation>Adresi &amp;onayla</translation>
    </message>
    <message>
        <source>A password of spaces or invisible characters only is not allowed.</source>
        <translation>Yalnızca boşluk veya görünmez karakterlerden oluşan bir parola kullanılamaz.</translation>
    </message>
    <message>
        <source>One character repeated is too easy to guess. Choose another.</source>
        <translation>Tek bir karakterin tekrarı çok kolay tahmin edilir. Başka bir parola seçin.</translation>
    </message>
    <message>
        <source>The password may not contain the name of your email address.</source>
        <translation>Parola, e-posta adresinizin adını içeremez.</translation>
    </message>
    <message numerus="yes">
        <source>Enter the %n-digit code from the mail.</source>
        <translation>
            <numerusform>E-postadaki %n haneli kodu girin.</numerusform>
        </translation>
    </message>
    <message>
        <source>A mail is on its way to %1 with a confirmation code, valid for 24 hours. Enter it here. If the address has an account already, the mail says so instead.</source>
        <translation>%1 adresine 24 saat geçerli bir onay kodu içeren bir e-posta gönderiliyor. Kodu buraya girin. Adresin zaten bir hesabı varsa e-posta bunu bildirir.</translation>
    </message>
    <message>
        <source>Sandbox: no mail leaves this computer. Your confirmation code is %1.</source>
        <translation>Sandbox: bu bilgisayardan hiçbir e-posta çıkmaz. Onay kodunuz: %1.</translation>
    </message>
    <message>
        <source>Sandbox: no mail leaves this computer. This address has an account already; its owner would have been told: “%1”</source>
        <translation>Sandbox: bu bilgisayardan hiçbir e-posta çıkmaz. Bu adresin zaten bir hesabı var; sahibine şu bildirilirdi: “%1”</translation>
    </message>
    <message>
        <source>The exchange refused the code: %1</source>
        <translation>Borsa kodu reddetti: %1</translation>
    </message>
    <message>
        <source>This address has an account that your password does not open. Sign in instead.</source>
        <translation>Bu adresin parolanızla açılmayan bir hesabı var. Bunun yerine oturum açın.</translation>
    </message>
</context>
<context>
    <name>everx::SizingResultsModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Memory of one GPU</source>
        <translation>Tek bir GPU&apos;nun belleği</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Bellek</translation>
    </message>
    <message>
        <source>Whether some number of these GPUs holds the workload</source>
        <translation>İş yükünün bu GPU&apos;lardan belirli bir sayısına sığıp sığmadığı</translation>
    </message>
    <message>
        <source>Fits</source>
        <comment>whether the workload fits</comment>
        <translation>Sığar mı</translation>
    </message>
    <message>
        <source>How many of these GPUs the workload needs</source>
        <translation>İş yükünün bu GPU&apos;dan kaç tane gerektirdiği</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Adet</translation>
    </message>
    <message>
        <source>Memory the workload needs on each GPU, reserve included</source>
        <translation>İş yükünün her GPU&apos;da ihtiyaç duyduğu bellek, pay dahil</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <comment>memory needed on each GPU</comment>
        <translation>GPU başına</translation>
    </message>
    <message>
        <source>All the GPUs needed, at the best offer now, excluding tax</source>
        <translation>Gereken tüm GPU&apos;lar, şu anki en iyi satıştan, vergiler hariç</translation>
    </message>
    <message>
        <source>Price per hour</source>
        <translation>Saatlik fiyat</translation>
    </message>
    <message>
        <source>Dense BF16 TFLOPS per dollar-hour: more is better</source>
        <translation>Dolar-saat başına yoğun BF16 TFLOPS: yüksek olan daha iyidir</translation>
    </message>
    <message>
        <source>TFLOPS per $/h</source>
        <comment>dense BF16 TFLOPS per dollar-hour</comment>
        <translation>$/sa başına TFLOPS</translation>
    </message>
    <message>
        <source>Why a GPU that fits is left out by your limits</source>
        <translation>Sığan bir GPU&apos;nun sınırlarınız nedeniyle neden dışarıda kaldığı</translation>
    </message>
    <message>
        <source>Excluded because</source>
        <translation>Hariç tutulma nedeni</translation>
    </message>
    <message>
        <source>%1, %2, %3 GB %4, %5</source>
        <translation>%1, %2, %3 GB %4, %5</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) at the best offer of %1 per GPU-hour</source>
        <translation>
            <numerusform>%n GPU, GPU saati başına en iyi satış olan %1 fiyattan</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Evet</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Hayır</translation>
    </message>
    <message>
        <source>no offers</source>
        <comment>nobody offers this GPU now</comment>
        <translation>satış teklifi yok</translation>
    </message>
    <message>
        <source>not published</source>
        <translation>yayımlanmamış</translation>
    </message>
    <message numerus="yes">
        <source>Does not fit: the quick rule needs more than %n GPU(s)</source>
        <translation>
            <numerusform>Sığmıyor: hızlı kurala göre %n GPU&apos;dan fazlası gerekir</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Does not fit at any count up to %n GPU(s): memory that every GPU keeps (activations, unsharded states) is larger than one GPU</source>
        <translation>
            <numerusform>%n GPU&apos;ya kadar hiçbir sayıda sığmıyor: her GPU&apos;da tutulan bellek (aktivasyonlar, parçalanmamış durumlar) tek bir GPU&apos;nun belleğinden büyük</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>needs %n GPU(s), more than your limit of %1</source>
        <translation>
            <numerusform>%n GPU gerekiyor, %1 olan sınırınızdan fazla</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 per hour is over your budget of %2</source>
        <translation>saatlik %1, %2 olan bütçenizi aşıyor</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) joined only by %1, no NVLink or Infinity Fabric</source>
        <translation>
            <numerusform>%n GPU yalnızca %1 ile bağlı, NVLink veya Infinity Fabric yok</numerusform>
        </translation>
    </message>
    <message>
        <source>The GPU limit must be at least 1.</source>
        <translation>GPU sınırı en az 1 olmalıdır.</translation>
    </message>
    <message>
        <source>The budget must be more than zero.</source>
        <translation>Bütçe sıfırdan büyük olmalıdır.</translation>
    </message>
    <message>
        <source>Quick mode has no rule for inference: use the detailed mode.</source>
        <translation>Hızlı modda çıkarım için bir kural yok: ayrıntılı modu kullanın.</translation>
    </message>
    <message>
        <source>Give the model&apos;s parameter count.</source>
        <translation>Modelin parametre sayısını girin.</translation>
    </message>
    <message>
        <source>Quick mode: %1 bytes per parameter, EverXCloud&apos;s published rule, shared evenly by the GPUs; sequence length, batch and sharding are not modelled.</source>
        <translation>Hızlı mod: parametre başına %1 bayt (EverXCloud&apos;un yayımladığı kural), GPU&apos;lar arasında eşit paylaştırılır; dizi uzunluğu, batch ve parçalama modellenmez.</translation>
    </message>
    <message>
        <source>AdamW in mixed precision: %1 bytes per parameter, 2 for weights, %2 for gradients, 12 for the fp32 master copy, momentum and variance (ZeRO paper).</source>
        <translation>Karışık hassasiyette AdamW: parametre başına %1 bayt; ağırlıklar için 2, gradyanlar için %2, fp32 ana kopya, momentum ve varyans için 12 (ZeRO makalesi).</translation>
    </message>
    <message>
        <source>LoRA: the frozen base stays in 16 bit, 2 bytes per parameter, with no gradients or optimizer states (LoRA paper).</source>
        <translation>LoRA: dondurulmuş temel model 16 bitte kalır, parametre başına 2 bayt; gradyan veya optimizer durumu yoktur (LoRA makalesi).</translation>
    </message>
    <message>
        <source>Adapters of rank %1 on every projection train with AdamW: 16 bytes per adapter parameter, well under 1% of the model.</source>
        <translation>Her projeksiyondaki %1 kerteli adaptörler AdamW ile eğitilir: adaptör parametresi başına 16 bayt, modelin yüzde 1&apos;inin çok altında.</translation>
    </message>
    <message>
        <source>QLoRA: the base&apos;s projections in 4-bit NF4 with double quantisation, 0.52 bytes per parameter; embeddings and output layer stay 16-bit (QLoRA paper).</source>
        <translation>QLoRA: temel modelin projeksiyonları çift nicemlemeyle 4 bit NF4 biçiminde, parametre başına 0,52 bayt; gömme katmanı ve çıkış katmanı 16 bitte kalır (QLoRA makalesi).</translation>
    </message>
    <message>
        <source>Inference: 16-bit weights, 2 bytes per parameter, split evenly over the GPUs.</source>
        <translation>Çıkarım: 16 bit ağırlıklar, parametre başına 2 bayt, GPU&apos;lar arasında eşit bölünür.</translation>
    </message>
    <message numerus="yes">
        <source>KV cache for %1 tokens × %n sequence(s): keys and values of every layer, grouped-query heads counted once (GQA paper).</source>
        <translation>
            <numerusform>%1 token × %n dizi için KV önbelleği: her katmanın anahtarları ve değerleri, gruplanmış sorgu başlıkları bir kez sayılır (GQA makalesi).</numerusform>
        </translation>
    </message>
    <message>
        <source>The KV cache is not counted: it needs the model&apos;s shape (choose a preset).</source>
        <translation>KV önbelleği hesaba katılmadı: modelin yapısı gerekir (bir hazır ayar seçin).</translation>
    </message>
    <message>
        <source>Plain data parallel: every GPU holds all weights, gradients and optimizer states, so more GPUs do not lower memory per GPU.</source>
        <translation>Düz veri paralelliği: her GPU tüm ağırlıkları, gradyanları ve optimizer durumlarını tutar; bu yüzden GPU sayısı arttıkça GPU başına bellek azalmaz.</translation>
    </message>
    <message>
        <source>ZeRO-1: the optimizer states are split over the GPUs; weights and gradients are on every GPU.</source>
        <translation>ZeRO-1: optimizer durumları GPU&apos;lara bölünür; ağırlıklar ve gradyanlar her GPU&apos;da bulunur.</translation>
    </message>
    <message>
        <source>ZeRO-2: optimizer states and gradients are split over the GPUs; the weights are on every GPU.</source>
        <translation>ZeRO-2: optimizer durumları ve gradyanlar GPU&apos;lara bölünür; ağırlıklar her GPU&apos;da bulunur.</translation>
    </message>
    <message>
        <source>ZeRO-3 / FSDP: weights, gradients and optimizer states are split over the GPUs, so more GPUs need less memory each.</source>
        <translation>ZeRO-3 / FSDP: ağırlıklar, gradyanlar ve optimizer durumları GPU&apos;lara bölünür; bu yüzden GPU sayısı arttıkça her birine daha az bellek gerekir.</translation>
    </message>
    <message>
        <source>No checkpointing: every activation is kept, attention scores included (Korthikanti et al.): fastest, most memory.</source>
        <translation>Checkpoint&apos;leme yok: dikkat skorları dahil tüm aktivasyonlar tutulur (Korthikanti vd.): en hızlı, en çok bellek.</translation>
    </message>
    <message>
        <source>Selective recomputation: attention is recomputed in the backward pass, as FlashAttention does (Korthikanti et al.).</source>
        <translation>Seçici yeniden hesaplama: dikkat, FlashAttention&apos;daki gibi geri yayılımda yeniden hesaplanır (Korthikanti vd.).</translation>
    </message>
    <message>
        <source>Full checkpointing: only each layer&apos;s input is kept and the rest recomputed: slower steps, far less memory (Korthikanti et al.).</source>
        <translation>Tam checkpoint&apos;leme: yalnızca her katmanın girdisi tutulur, gerisi yeniden hesaplanır: daha yavaş adımlar, çok daha az bellek (Korthikanti vd.).</translation>
    </message>
    <message>
        <source>Activations grow with sequence length × micro-batch: %1 tokens × %2 per GPU, and stay on every GPU however many there are.</source>
        <translation>Aktivasyonlar dizi uzunluğu × mikro batch ile büyür: GPU başına %1 token × %2; GPU sayısı ne olursa olsun her GPU&apos;da kalır.</translation>
    </message>
    <message>
        <source>Activations are not counted: they need the model&apos;s shape (choose a preset).</source>
        <translation>Aktivasyonlar hesaba katılmadı: modelin yapısı gerekir (bir hazır ayar seçin).</translation>
    </message>
    <message>
        <source>Logits in fp32 for the loss: 4 bytes × tokens × vocabulary of %1.</source>
        <translation>Kayıp için fp32 logit&apos;ler: 4 bayt × token × %1 boyutlu kelime dağarcığı.</translation>
    </message>
    <message>
        <source>Mixture of experts: all %1 experts of each layer are in memory, though a token uses only some of them.</source>
        <translation>Uzmanlar karışımı: her katmanın %1 uzmanının tümü bellektedir, ancak bir token yalnızca bazılarını kullanır.</translation>
    </message>
    <message>
        <source>Price per hour: the GPUs needed × the best offer now, excluding tax; it follows the market.</source>
        <translation>Saatlik fiyat: gereken GPU sayısı × şu anki en iyi satış, vergiler hariç; piyasayı izler.</translation>
    </message>
    <message>
        <source>Value: dense BF16 TFLOPS per dollar-hour (sparsity doubles the published figure, so it is left out).</source>
        <translation>Değer: dolar-saat başına yoğun BF16 TFLOPS (seyreklik yayımlanan değeri ikiye katladığından dahil edilmez).</translation>
    </message>
    <message>
        <source>Several GPUs need NVLink or Infinity Fabric: a sharded job exchanges gradients every step, and PCIe slows it down.</source>
        <translation>Birden çok GPU, NVLink veya Infinity Fabric gerektirir: parçalanmış bir iş her adımda gradyan alışverişi yapar ve PCIe bunu yavaşlatır.</translation>
    </message>
    <message>
        <source>Ranked: GPUs within your limits first, then fewer GPUs (one GPU needs no interconnect), then the lower price.</source>
        <translation>Sıralama: önce sınırlarınız içindeki GPU&apos;lar, sonra daha az GPU (tek GPU ara bağlantı gerektirmez), sonra daha düşük fiyat.</translation>
    </message>
    <message>
        <source>Wall-clock hours of the whole run on the GPUs needed</source>
        <translation>Tüm çalıştırmanın gereken GPU&apos;larda gerçek süresi, saat olarak</translation>
    </message>
    <message>
        <source>Run time</source>
        <comment>wall-clock hours of the whole run</comment>
        <translation>Çalıştırma süresi</translation>
    </message>
    <message>
        <source>Run cost</source>
        <comment>cost of the whole run</comment>
        <translation>Çalıştırma maliyeti</translation>
    </message>
    <message numerus="yes">
        <source>%1 GPU-hours: rent %n hour(s) on the GPUs needed</source>
        <translation>
            <numerusform>%1 GPU saati: gereken GPU&apos;ları %n saat kiralayın</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 h</source>
        <comment>hours</comment>
        <translation>%1 sa</translation>
    </message>
    <message>
        <source>TFLOPS not published</source>
        <translation>TFLOPS yayımlanmamış</translation>
    </message>
    <message>
        <source>The tokens must be a count up to 10^15.</source>
        <translation>Token sayısı en fazla 10^15 olan bir sayı olmalıdır.</translation>
    </message>
    <message>
        <source>The utilisation must be more than 0 and at most 1.</source>
        <translation>Kullanım oranı 0&apos;dan büyük ve en fazla 1 olmalıdır.</translation>
    </message>
    <message>
        <source>A reserve of %1% on top of the weights and the KV cache for the CUDA/ROCm context, allocator fragmentation and workspaces (drawn as overhead): Transformer Math 101 (EleutherAI) gives inference memory as about 1.2× the model&apos;s.</source>
        <translation>Ağırlıkların ve KV önbelleğinin üzerine CUDA/ROCm bağlamı, bellek ayırıcı parçalanması ve çalışma alanları için %%1 pay (ek yük olarak gösterilir): Transformer Math 101 (EleutherAI), çıkarım belleğini modelinkinin yaklaşık 1,2 katı olarak verir.</translation>
    </message>
    <message>
        <source>The run: %1 tokens, %2 FLOPs: 8 × parameters × tokens, a forward pass, a backward pass of twice its cost (Kaplan et al. 2020) and the forward pass again for full checkpointing (Narayanan et al. 2021).</source>
        <translation>Çalıştırma: %1 token, %2 FLOP: 8 × parametre × token; bir ileri geçiş, iki katı maliyetinde bir geri geçiş (Kaplan vd. 2020) ve tam checkpoint&apos;leme için ileri geçiş bir kez daha (Narayanan vd. 2021).</translation>
    </message>
    <message>
        <source>The run: %1 tokens, %2 FLOPs: 6 × parameters × tokens, a forward pass and a backward pass of twice its cost (Kaplan et al. 2020).</source>
        <translation>Çalıştırma: %1 token, %2 FLOP: 6 × parametre × token; bir ileri geçiş ve iki katı maliyetinde bir geri geçiş (Kaplan vd. 2020).</translation>
    </message>
    <message>
        <source>The run: %1 tokens, %2 FLOPs: 6 × parameters × tokens, as the frozen base needs no weight gradients (Narayanan et al. 2021) and full checkpointing repeats the forward pass, plus the adapters&apos; own.</source>
        <translation>Çalıştırma: %1 token, %2 FLOP: 6 × parametre × token; dondurulmuş temel model ağırlık gradyanı gerektirmez (Narayanan vd. 2021) ve tam checkpoint&apos;leme ileri geçişi yineler; buna adaptörlerin kendi FLOP&apos;ları eklenir.</translation>
    </message>
    <message>
        <source>The run: %1 tokens, %2 FLOPs: 4 × parameters × tokens, as the frozen base needs no weight gradients (Narayanan et al. 2021), plus the adapters&apos; own.</source>
        <translation>Çalıştırma: %1 token, %2 FLOP: 4 × parametre × token; dondurulmuş temel model ağırlık gradyanı gerektirmez (Narayanan vd. 2021); buna adaptörlerin kendi FLOP&apos;ları eklenir.</translation>
    </message>
    <message>
        <source>QLoRA&apos;s 4-bit weights are unpacked in every pass: that costs time the FLOPs do not count, so expect a QLoRA run to take longer.</source>
        <translation>QLoRA&apos;nın 4 bitlik ağırlıkları her geçişte geri nicemlenir: bu, FLOP&apos;ların saymadığı bir süre tutar; bu yüzden bir QLoRA çalıştırması daha uzun sürer.</translation>
    </message>
    <message>
        <source>The run: %1 tokens processed, %2 FLOPs: 2 × parameters per token (Kaplan et al. 2020). Serving few sequences at once is limited by memory bandwidth, so it takes longer than this.</source>
        <translation>Çalıştırma: %1 token işlenir, %2 FLOP: token başına 2 × parametre (Kaplan vd. 2020). Aynı anda az dizi sunmak bellek bant genişliğiyle sınırlıdır; bu yüzden bundan daha uzun sürer.</translation>
    </message>
    <message>
        <source>Run time: the FLOPs at %1% of each GPU&apos;s dense BF16 TFLOPS, as large published runs achieved (Llama 3 405B: 38–43%), spread over the GPUs needed; GPUs whose TFLOPS are not published get no time.</source>
        <translation>Çalıştırma süresi: FLOP&apos;lar, her GPU&apos;nun yoğun BF16 TFLOPS değerine göre %%1 kullanım oranıyla, yayımlanmış büyük eğitim çalıştırmalarının ulaştığı gibi (Llama 3 405B: yüzde 38–43), gereken GPU&apos;lara bölünür; TFLOPS değeri yayımlanmamış GPU&apos;lara süre verilmez.</translation>
    </message>
    <message>
        <source>Ranked: GPUs within your limits first, then the lower cost of the whole run, then fewer GPUs.</source>
        <translation>Sıralama: önce sınırlarınız içindeki GPU&apos;lar, sonra tüm çalıştırmanın daha düşük maliyeti, sonra daha az GPU.</translation>
    </message>
    <message>
        <source>How the run is set up to fit: recomputation and tensor parallelism</source>
        <translation>Çalıştırmanın sığmak için nasıl kurulduğu: yeniden hesaplama ve tensör paralelliği</translation>
    </message>
    <message>
        <source>Plan</source>
        <comment>how the run is set up: recomputation, tensor parallelism</comment>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Where the GPUs must be: on one server, in a cluster of servers, or on any servers</source>
        <translation>GPU&apos;ların nerede olması gerektiği: tek sunucuda, bir sunucu kümesinde veya herhangi sunucularda</translation>
    </message>
    <message>
        <source>Placement</source>
        <comment>where the GPUs of a run must be</comment>
        <translation>Yerleşim</translation>
    </message>
    <message>
        <source>What the order for the whole run will hold: the GPUs for its hours rounded up, at the best offer now, tax included</source>
        <translation>Tüm çalıştırma için emrin bloke edeceği tutar: yukarı yuvarlanmış saatleri boyunca GPU&apos;lar, şu anki en iyi satışla, vergi dahil</translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s) × %1 h × %2 = %3, plus %4 tax: %5, what the order will hold</source>
        <comment>GPUs × whole hours × price per GPU-hour</comment>
        <translation>
            <numerusform>%n GPU × %1 sa × %2 = %3, artı %4 vergi: %5, emrin bloke edeceği tutar</numerusform>
        </translation>
    </message>
    <message>
        <source>not published</source>
        <comment>the GPU&apos;s TFLOPS, so the run has no cost</comment>
        <translation>yayımlanmadı</translation>
    </message>
    <message>
        <source>no recomputation</source>
        <translation>yeniden hesaplama yok</translation>
    </message>
    <message>
        <source>selective recomputation</source>
        <translation>seçici yeniden hesaplama</translation>
    </message>
    <message>
        <source>full recomputation</source>
        <translation>tam yeniden hesaplama</translation>
    </message>
    <message>
        <source>%1, tensor parallel %2</source>
        <comment>recomputation, tensor-parallel degree</comment>
        <translation>%1, tensör paralel %2</translation>
    </message>
    <message>
        <source>%1 (to fit)</source>
        <comment>a plan changed from the question so that the run fits</comment>
        <translation>%1 (sığması için)</translation>
    </message>
    <message>
        <source>Quick mode counts bytes per parameter only: it plans no recomputation or tensor parallelism.</source>
        <translation>Hızlı mod yalnızca parametre başına baytı sayar: yeniden hesaplama veya tensör paralelliği planlamaz.</translation>
    </message>
    <message>
        <source>Serving: the weights and the KV cache are split over the GPUs.</source>
        <translation>Çıkarım: ağırlıklar ve KV önbelleği GPU&apos;lara bölünür.</translation>
    </message>
    <message numerus="yes">
        <source>As you asked: the run fits %n GPU(s) this way.</source>
        <translation>
            <numerusform>İstediğiniz gibi: çalıştırma bu şekilde %n GPU&apos;ya sığar.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>As asked, the run needs %n GPU(s).</source>
        <translation>
            <numerusform>İstendiği gibi çalıştırma %n GPU gerektirir.</numerusform>
        </translation>
    </message>
    <message>
        <source>As asked, the run fits at no GPU count: the activations every GPU keeps are larger than its memory.</source>
        <translation>İstendiği gibi çalıştırma hiçbir GPU sayısına sığmaz: her GPU&apos;nun tuttuğu aktivasyonlar belleğinden büyüktür.</translation>
    </message>
    <message>
        <source>Tensor parallelism with sequence parallelism splits each layer and its activations over %1 GPUs of one server (Korthikanti et al. 2022).</source>
        <translation>Dizi paralelliğiyle birlikte tensör paralelliği her katmanı ve aktivasyonlarını tek sunucudaki %1 GPU&apos;ya böler (Korthikanti vd. 2022).</translation>
    </message>
    <message>
        <source>Full recomputation keeps only each layer&apos;s input and computes the rest again in the backward pass: a third more FLOPs (Narayanan et al. 2021).</source>
        <translation>Tam yeniden hesaplama yalnızca her katmanın girdisini tutar ve gerisini geri geçişte yeniden hesaplar: üçte bir daha fazla FLOP (Narayanan vd. 2021).</translation>
    </message>
    <message numerus="yes">
        <source>So it needs %n GPU(s).</source>
        <translation>
            <numerusform>Bu yüzden %n GPU gerekir.</numerusform>
        </translation>
    </message>
    <message>
        <source>any servers</source>
        <translation>herhangi sunucular</translation>
    </message>
    <message>
        <source>one server</source>
        <translation>tek sunucu</translation>
    </message>
    <message numerus="yes">
        <source>cluster of %n server(s)</source>
        <translation>
            <numerusform>%n sunuculu küme</numerusform>
        </translation>
    </message>
    <message>
        <source>Every GPU holds the whole base model and only the adapters&apos; gradients cross between them: the GPUs may be on different servers.</source>
        <translation>Her GPU temel modelin tamamını tutar ve aralarında yalnızca adaptörlerin gradyanları geçer: GPU&apos;lar farklı sunucularda olabilir.</translation>
    </message>
    <message numerus="yes">
        <source>All %n GPU(s) on one server: they exchange the model&apos;s weights, gradients or activations at every step.</source>
        <translation>
            <numerusform>%n GPU&apos;nun tümü tek sunucuda: her adımda modelin ağırlıklarını, gradyanlarını veya aktivasyonlarını paylaşırlar.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU(s), more than the largest server of %1: servers of one provider&apos;s cluster, joined by one fabric.</source>
        <translation>
            <numerusform>%n GPU, %1 GPU&apos;luk en büyük sunucudan fazla: tek bir sağlayıcının kümesindeki, tek bir ağla bağlı sunucular.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1% of each GPU&apos;s memory is usable: the rest is the CUDA/ROCm context, allocator fragmentation and workspaces (drawn as overhead).</source>
        <translation>Her GPU&apos;nun belleğinin %%1 kadarı kullanılabilir: geri kalanı CUDA/ROCm bağlamı, bellek ayırıcı parçalanması ve çalışma alanlarıdır (ek yük olarak gösterilir).</translation>
    </message>
    <message>
        <source>The plan: when the run as asked does not fit one server within your limit, tensor parallelism splits each layer over 2 to %1 GPUs of one server (NVLink or Infinity Fabric only), then full recomputation keeps only each layer&apos;s input; the Plan column says what it chose.</source>
        <translation>Plan: çalıştırma istendiği gibi sınırınız içinde tek sunucuya sığmadığında, tensör paralelliği her katmanı tek sunucudaki 2 ile %1 arası GPU&apos;ya böler (yalnızca NVLink veya Infinity Fabric), ardından tam yeniden hesaplama yalnızca her katmanın girdisini tutar; Plan sütunu neyin seçildiğini söyler.</translation>
    </message>
    <message>
        <source>Placement: the GPUs on one server when they fit the largest server the GPU comes in, a cluster of one provider&apos;s servers past that, and any servers only for LoRA and QLoRA on PCIe cards, where every GPU holds the whole base model.</source>
        <translation>Yerleşim: GPU&apos;lar, modelin geldiği en büyük sunucuya sığdıklarında tek sunucuda, fazlasında tek bir sağlayıcının sunucu kümesinde; herhangi sunucular ise yalnızca her GPU&apos;nun temel modelin tamamını tuttuğu PCIe kartlarda LoRA ve QLoRA için.</translation>
    </message>
    <message>
        <source>Where the plan chose full recomputation, the run counts the forward pass again: %1 × parameters × tokens.</source>
        <translation>Planın tam yeniden hesaplama seçtiği yerde çalıştırma ileri geçişi bir kez daha sayar: %1 × parametre × token.</translation>
    </message>
    <message>
        <source>Run cost: what the order will hold, the GPUs × the run&apos;s hours rounded up × the best offer now plus %1% tax, and ranked by it. Rentals are billed per started hour, so a bid is for the run&apos;s hours rounded up.</source>
        <translation>Çalıştırma maliyeti: emrin bloke edeceği tutar, GPU&apos;lar × çalıştırmanın yukarı yuvarlanmış saatleri × şu anki en iyi satış, artı %%1 vergi; sıralama buna göredir. Kiralamalar başlayan her saat için saatlik faturalandırılır; bu yüzden alış teklifi, çalıştırmanın yukarı yuvarlanmış saatleri içindir.</translation>
    </message>
</context>
<context>
    <name>everx::SizingWizard</name>
    <message>
        <source>Choose a model or enter its parameter count.</source>
        <translation>Bir model seçin ya da parametre sayısını girin.</translation>
    </message>
    <message>
        <source>The budget per hour does not read as an amount.</source>
        <translation>Saatlik bütçe bir tutar olarak okunamıyor.</translation>
    </message>
    <message>
        <source>full training</source>
        <translation>tam eğitim</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>çıkarım</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Araçlar</translation>
    </message>
    <message>
        <source>Workload &amp;wizard…</source>
        <translation>İş yükü &amp;sihirbazı…</translation>
    </message>
    <message>
        <source>Which GPUs fit a workload, how many, and what they cost now.</source>
        <translation>Bir iş yüküne hangi GPU&apos;ların uyduğu, kaç tane gerektiği ve şu anki maliyeti.</translation>
    </message>
    <message>
        <source>Workload wizard</source>
        <translation>İş yükü sihirbazı</translation>
    </message>
    <message>
        <source>The tokens do not read as a count.</source>
        <translation>Token sayısı bir sayı olarak okunamıyor.</translation>
    </message>
    <message>
        <source>trillion</source>
        <comment>a number word typed after a count (parameters, tokens): 10^12</comment>
        <translation>trilyon</translation>
    </message>
    <message>
        <source>billion</source>
        <comment>a number word typed after a count (parameters, tokens): 10^9, a thousand million</comment>
        <translation>milyar</translation>
    </message>
    <message>
        <source>million</source>
        <comment>a number word typed after a count (parameters, tokens): 10^6</comment>
        <translation>milyon</translation>
    </message>
    <message>
        <source>thousand</source>
        <comment>a number word typed after a count (parameters, tokens): 10^3</comment>
        <translation>bin</translation>
    </message>
</context>
<context>
    <name>everx::StaleBanner</name>
    <message>
        <source>Not live since %1</source>
        <translation>%1 itibarıyla canlı değil</translation>
    </message>
    <message>
        <source>%1 — resynchronising…</source>
        <translation>%1 — yeniden eşitleniyor…</translation>
    </message>
    <message>
        <source>%1 — reconnecting…</source>
        <translation>%1 — yeniden bağlanılıyor…</translation>
    </message>
    <message numerus="yes">
        <source>%1 — reconnecting in %n s</source>
        <translation>
            <numerusform>%1 — %n sn içinde yeniden bağlanılacak</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>everx::StartCostChart</name>
    <message>
        <source>The exchange could not price the starts: %1</source>
        <translation>Borsa başlangıç saatlerini fiyatlayamadı: %1</translation>
    </message>
    <message>
        <source>Choose a GPU: the chart shows what the ticket&apos;s order costs at each start.</source>
        <translation>Bir GPU seçin: grafik, formdaki emrin her başlangıç saatindeki maliyetini gösterir.</translation>
    </message>
    <message>
        <source>Asking the exchange what each start costs…</source>
        <translation>Her başlangıç saatinin maliyeti borsaya soruluyor…</translation>
    </message>
    <message>
        <source>Start %1: %2 in all, tax included. Click to choose it.</source>
        <translation>Başlangıç %1: vergiler dahil toplam %2. Seçmek için tıklayın.</translation>
    </message>
    <message>
        <source>Start %1: nothing is free for the whole run.</source>
        <translation>Başlangıç %1: tüm çalıştırma için boşta yok.</translation>
    </message>
    <message numerus="yes">
        <source>No start in the next %n day(s) has the GPUs free for the whole run.</source>
        <translation>
            <numerusform>Önümüzdeki %n gün içinde hiçbir başlangıç saatinde GPU&apos;lar tüm çalıştırma için boşta değil.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cheapest start: %1, %2 in all, tax included.</source>
        <extracomment>%1 a start (&quot;Mon 7 Dec 10:00 (09:00 UTC)&quot;), %2 the run&apos;s total with tax</extracomment>
        <translation>En ucuz başlangıç: %1, vergiler dahil toplam %2.</translation>
    </message>
    <message>
        <source>Cost by start</source>
        <translation>Başlangıca göre maliyet</translation>
    </message>
    <message>
        <source>Cost of the ticket&apos;s order at each start hour</source>
        <translation>Formdaki emrin her başlangıç saatindeki maliyeti</translation>
    </message>
</context>
<context>
    <name>everx::StartText</name>
    <message>
        <source>%1 %2 UTC</source>
        <extracomment>A start of a rental on a computer whose clock is UTC: %1 the day (&quot;Mon 7 Dec&quot;), %2 its hour</extracomment>
        <translation>%1 %2 UTC</translation>
    </message>
    <message>
        <source>%1 %2 (%3 UTC)</source>
        <extracomment>A start of a rental: %1 the day (&quot;Mon 7 Dec&quot;), %2 its hour on the user&apos;s clock, %3 the same moment&apos;s hour in UTC</extracomment>
        <translation>%1 %2 (%3 UTC)</translation>
    </message>
    <message>
        <source>Now</source>
        <comment>a rental&apos;s start</comment>
        <translation>Şimdi</translation>
    </message>
</context>
<context>
    <name>everx::SupportTableModel</name>
    <message>
        <source>open</source>
        <comment>order state</comment>
        <translation>açık</translation>
    </message>
    <message>
        <source>filled</source>
        <comment>order state</comment>
        <translation>gerçekleşti</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>order state</comment>
        <translation>iptal edildi</translation>
    </message>
    <message>
        <source>expired</source>
        <comment>order state</comment>
        <translation>süresi doldu</translation>
    </message>
    <message>
        <source>running</source>
        <comment>rental state</comment>
        <translation>sürüyor</translation>
    </message>
    <message>
        <source>ended</source>
        <comment>rental state</comment>
        <translation>bitti</translation>
    </message>
    <message>
        <source>stopped</source>
        <comment>rental state</comment>
        <translation>durduruldu</translation>
    </message>
    <message>
        <source>active</source>
        <comment>listing state</comment>
        <translation>etkin</translation>
    </message>
    <message>
        <source>paused</source>
        <comment>listing state</comment>
        <translation>duraklatıldı</translation>
    </message>
    <message>
        <source>removed</source>
        <comment>listing state</comment>
        <translation>kaldırıldı</translation>
    </message>
    <message>
        <source>customer</source>
        <comment>account role</comment>
        <translation>müşteri</translation>
    </message>
    <message>
        <source>provider</source>
        <comment>account role</comment>
        <translation>sağlayıcı</translation>
    </message>
    <message>
        <source>support</source>
        <comment>account role</comment>
        <translation>destek</translation>
    </message>
    <message>
        <source>Account opened</source>
        <translation>Hesap açıldı</translation>
    </message>
    <message>
        <source>Adjustment</source>
        <translation>Düzeltme</translation>
    </message>
    <message>
        <source>Adjustment requested</source>
        <translation>Düzeltme istendi</translation>
    </message>
    <message>
        <source>Adjustment approved</source>
        <translation>Düzeltme onaylandı</translation>
    </message>
    <message>
        <source>Adjustment declined</source>
        <translation>Düzeltme reddedildi</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Not</translation>
    </message>
    <message>
        <source>pending</source>
        <comment>adjustment state</comment>
        <translation>bekliyor</translation>
    </message>
    <message>
        <source>approved</source>
        <comment>adjustment state</comment>
        <translation>onaylandı</translation>
    </message>
    <message>
        <source>declined</source>
        <comment>adjustment state</comment>
        <translation>reddedildi</translation>
    </message>
    <message>
        <source>Account</source>
        <translation>Hesap</translation>
    </message>
    <message>
        <source>Email</source>
        <translation>E-posta</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rol</translation>
    </message>
    <message>
        <source>Country</source>
        <translation>Ülke</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>Kayıt tarihi</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>Kayıt</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zaman</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tür</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>Kalem</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Tutar</translation>
    </message>
    <message>
        <source>Memo</source>
        <translation>Açıklama</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Emir</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU sayısı</translation>
    </message>
    <message>
        <source>Filled</source>
        <translation>Gerçekleşen</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>Hours</source>
        <translation>Saat</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Durum</translation>
    </message>
    <message>
        <source>Placed</source>
        <translation>Verildi</translation>
    </message>
    <message>
        <source>Rental</source>
        <translation>Kiralama</translation>
    </message>
    <message>
        <source>Hours billed</source>
        <translation>Faturalandırılan saat</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <comment>hours billed of hours</comment>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Başlangıç</translation>
    </message>
    <message>
        <source>Listing</source>
        <translation>İlan</translation>
    </message>
    <message>
        <source>Rented</source>
        <translation>Kirada</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Bölge</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Son görülme</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Son geçerlilik</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adres</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Temsilci</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Kayıt no</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>İşlem</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Ayrıntı</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Gerekçe</translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation>İsteyen</translation>
    </message>
    <message>
        <source>Asked at</source>
        <translation>İstenme zamanı</translation>
    </message>
    <message>
        <source>Payout</source>
        <translation>Para çekme</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Sağlayıcı</translation>
    </message>
    <message>
        <source>Requested</source>
        <translation>Talep tarihi</translation>
    </message>
    <message>
        <source>Account suspended</source>
        <translation>Hesap askıya alındı</translation>
    </message>
    <message>
        <source>Account reactivated</source>
        <translation>Hesap yeniden etkinleştirildi</translation>
    </message>
    <message>
        <source>Application approved</source>
        <translation>Başvuru onaylandı</translation>
    </message>
    <message>
        <source>Application rejected</source>
        <translation>Başvuru reddedildi</translation>
    </message>
    <message>
        <source>Payout paid</source>
        <translation>Para çekme ödendi</translation>
    </message>
    <message>
        <source>Payout rejected</source>
        <translation>Para çekme reddedildi</translation>
    </message>
    <message>
        <source>active</source>
        <comment>account state</comment>
        <translation>etkin</translation>
    </message>
    <message>
        <source>pending approval</source>
        <comment>account state: a provider&apos;s application</comment>
        <translation>onay bekliyor</translation>
    </message>
    <message>
        <source>suspended</source>
        <comment>account state</comment>
        <translation>askıya alındı</translation>
    </message>
    <message>
        <source>rejected</source>
        <comment>account state: a provider&apos;s application</comment>
        <translation>reddedildi</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Ad</translation>
    </message>
    <message>
        <source>Company</source>
        <translation>Şirket</translation>
    </message>
    <message>
        <source>Late payment credited</source>
        <translation>Geç ödeme alacaklandırıldı</translation>
    </message>
    <message>
        <source>Late payment refunded</source>
        <translation>Geç ödeme iade edildi</translation>
    </message>
    <message>
        <source>Payment</source>
        <translation>Ödeme</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Ödenen</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Alacaklandırılacak</translation>
    </message>
    <message>
        <source>Expired</source>
        <translation>Süresi doldu</translation>
    </message>
    <message>
        <source>Paid late</source>
        <translation>Geç ödendi</translation>
    </message>
    <message>
        <source>email not confirmed</source>
        <comment>account state: signed up, the address not confirmed</comment>
        <translation>e-posta onaylanmadı</translation>
    </message>
    <message>
        <source>Approval refused: the requester&apos;s own adjustment</source>
        <translation>Onaylama girişimi reddedildi: talep edenin kendi düzeltmesi</translation>
    </message>
    <message>
        <source>Decline refused: the requester&apos;s own adjustment</source>
        <translation>Reddetme girişimi reddedildi: talep edenin kendi düzeltmesi</translation>
    </message>
    <message>
        <source>%1 &lt;%2&gt;</source>
        <comment>an account: its display name, then its email</comment>
        <translation>%1 &lt;%2&gt;</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>an adjustment: its amount, then its reason</comment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: %2 (adjustment %3 waits for a second agent)</source>
        <translation>%1: %2 (%3 numaralı düzeltme ikinci bir temsilciyi bekliyor)</translation>
    </message>
    <message>
        <source>%1: %2 (adjustment %3 asked for by agent %4)</source>
        <comment>an adjustment decided: its amount, the decision&apos;s reason, its number, who asked for it</comment>
        <translation>%1: %2 (%3 numaralı düzeltmeyi %4 numaralı temsilci istedi)</translation>
    </message>
    <message>
        <source>%1 (adjustment %2): its requester may not decide it</source>
        <translation>%1 (%2 numaralı düzeltme): isteyen temsilci karar veremez</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <comment>a suspension: bids cancelled, listings paused, its reason</comment>
        <translation>%1, %2: %3</translation>
    </message>
    <message numerus="yes">
        <source>%n bid(s) cancelled</source>
        <translation>
            <numerusform>%n alış teklifi iptal edildi</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n listing(s) paused</source>
        <translation>
            <numerusform>%n ilan duraklatıldı</numerusform>
        </translation>
    </message>
    <message>
        <source>Payout %1 of %2 paid, reference %3: %4</source>
        <translation>%1 numaralı %2 tutarındaki para çekme ödendi, referans %3: %4</translation>
    </message>
    <message>
        <source>Payout %1 of %2 rejected: %3</source>
        <translation>%1 numaralı %2 tutarındaki para çekme reddedildi: %3</translation>
    </message>
    <message>
        <source>Late payment %1 credited %2: %3</source>
        <translation>Geç ödeme %1, %2 olarak yüklendi: %3</translation>
    </message>
    <message>
        <source>Late payment %1 of %2 refunded, reference %3: %4</source>
        <translation>%1 numaralı %2 tutarındaki geç ödeme iade edildi, referans %3: %4</translation>
    </message>
    <message>
        <source>reserved</source>
        <comment>rental state</comment>
        <translation>rezerve</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>rental state</comment>
        <translation>iptal edildi</translation>
    </message>
    <message>
        <source>Starts</source>
        <translation>Başlangıç</translation>
    </message>
    <message>
        <source>Held</source>
        <translation>Bloke</translation>
    </message>
    <message>
        <source>Cancellation fee</source>
        <translation>İptal ücreti</translation>
    </message>
</context>
<context>
    <name>everx::SupportWorkspace</name>
    <message>
        <source>All kinds</source>
        <translation>Tüm türler</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Reddedildi: %1</translation>
    </message>
    <message>
        <source>none</source>
        <comment>no rows on the page</comment>
        <translation>yok</translation>
    </message>
    <message>
        <source>%1 to %2 of %3</source>
        <comment>rows shown of all</comment>
        <translation>%1-%2 / %3</translation>
    </message>
    <message>
        <source>No account matches &quot;%1&quot;.</source>
        <translation>&quot;%1&quot; ile eşleşen hesap yok.</translation>
    </message>
    <message numerus="yes">
        <source>%n account(s) found.</source>
        <translation>
            <numerusform>%n hesap bulundu.</numerusform>
        </translation>
    </message>
    <message>
        <source>Account %1: %2, %3, %4, since %5</source>
        <translation>Hesap %1: %2, %3, %4, %5 tarihinden beri</translation>
    </message>
    <message>
        <source>Available %1, held %2</source>
        <translation>Kullanılabilir %1, bloke %2</translation>
    </message>
    <message>
        <source>Account %1 opened; the opening is in the audit log.</source>
        <translation>%1 hesabı açıldı; açılış denetim kaydında.</translation>
    </message>
    <message numerus="yes">
        <source>Chain verified: %n entry(ies) of this account.</source>
        <translation>
            <numerusform>Zincir doğrulandı: bu hesabın %n kaydı.</numerusform>
        </translation>
    </message>
    <message>
        <source>Chain check failed: %1</source>
        <translation>Zincir denetimi başarısız: %1</translation>
    </message>
    <message>
        <source>Adjustment %1 of %2 waits for a second support agent.</source>
        <translation>%2 tutarındaki %1 numaralı düzeltme ikinci bir destek temsilcisini bekliyor.</translation>
    </message>
    <message>
        <source>Balance adjusted by %1; available now %2.</source>
        <translation>Bakiye %1 düzeltildi; kullanılabilir bakiye artık %2.</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>Not ekle</translation>
    </message>
    <message>
        <source>A note on %1, for support staff only:</source>
        <translation>%1 hakkında, yalnızca destek ekibi için not:</translation>
    </message>
    <message>
        <source>Note added.</source>
        <translation>Not eklendi.</translation>
    </message>
    <message>
        <source>Select an adjustment in the queue first.</source>
        <translation>Önce kuyruktan bir düzeltme seçin.</translation>
    </message>
    <message>
        <source>Approve adjustment</source>
        <translation>Düzeltmeyi onayla</translation>
    </message>
    <message>
        <source>Decline adjustment</source>
        <translation>Düzeltmeyi reddet</translation>
    </message>
    <message>
        <source>Adjustment %1 approved and applied.</source>
        <translation>%1 numaralı düzeltme onaylandı ve uygulandı.</translation>
    </message>
    <message>
        <source>Adjustment %1 declined.</source>
        <translation>%1 numaralı düzeltme reddedildi.</translation>
    </message>
    <message>
        <source>An agent or account is its number, or empty for any.</source>
        <translation>Temsilci veya hesap numarasıyla girilir; tümü için boş bırakın.</translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>Durum: %1</translation>
    </message>
    <message>
        <source>Suspend account</source>
        <translation>Hesabı askıya al</translation>
    </message>
    <message>
        <source>Why do you suspend %1? Its open bids are cancelled, its listings paused and its sessions ended; running rentals run to their end.</source>
        <translation>%1 hesabını neden askıya alıyorsunuz? Açık alış teklifleri iptal edilir, ilanları duraklatılır ve oturumları sonlandırılır; süren kiralamalar sonuna kadar devam eder.</translation>
    </message>
    <message>
        <source>%1 suspended: its open bids are cancelled and its listings paused.</source>
        <translation>%1 askıya alındı: açık alış teklifleri iptal edildi ve ilanları duraklatıldı.</translation>
    </message>
    <message>
        <source>Reactivate account</source>
        <translation>Hesabı yeniden etkinleştir</translation>
    </message>
    <message>
        <source>Why do you reactivate %1?</source>
        <translation>%1 hesabını neden yeniden etkinleştiriyorsunuz?</translation>
    </message>
    <message>
        <source>%1 reactivated; its listings stay paused until it resumes them.</source>
        <translation>%1 yeniden etkinleştirildi; ilanları, hesap sahibi devam ettirene kadar duraklatılmış kalır.</translation>
    </message>
    <message>
        <source>Approve application</source>
        <translation>Başvuruyu onayla</translation>
    </message>
    <message>
        <source>Why do you approve the provider application of %1?</source>
        <translation>%1 hesabının sağlayıcı başvurusunu neden onaylıyorsunuz?</translation>
    </message>
    <message>
        <source>Reject application</source>
        <translation>Başvuruyu reddet</translation>
    </message>
    <message>
        <source>Why do you reject the provider application of %1?</source>
        <translation>%1 hesabının sağlayıcı başvurusunu neden reddediyorsunuz?</translation>
    </message>
    <message>
        <source>Application of %1 approved: the provider is active.</source>
        <translation>%1 başvurusu onaylandı: sağlayıcı artık etkin.</translation>
    </message>
    <message>
        <source>Application of %1 rejected.</source>
        <translation>%1 başvurusu reddedildi.</translation>
    </message>
    <message>
        <source>Select a payout request in the queue first.</source>
        <translation>Önce kuyruktan bir para çekme talebi seçin.</translation>
    </message>
    <message>
        <source>Mark payout paid</source>
        <translation>Para çekmeyi ödendi olarak işaretle</translation>
    </message>
    <message>
        <source>Payout %1 of %2 to provider %3: why is it paid?</source>
        <translation>%3 numaralı sağlayıcının %2 tutarındaki %1 numaralı para çekme talebi: neden ödendi olarak işaretleniyor?</translation>
    </message>
    <message>
        <source>Reject payout</source>
        <translation>Para çekmeyi reddet</translation>
    </message>
    <message>
        <source>Why do you reject payout %1 of %2 to provider %3? The amount returns to the provider&apos;s earnings.</source>
        <translation>%3 numaralı sağlayıcının %2 tutarındaki %1 numaralı para çekme talebini neden reddediyorsunuz? Tutar sağlayıcının kazancına geri döner.</translation>
    </message>
    <message>
        <source>Bank transfer &amp;reference:</source>
        <translation>Banka havalesi &amp;referansı:</translation>
    </message>
    <message>
        <source>Payout %1 of %2 marked paid, reference %3.</source>
        <translation>%2 tutarındaki %1 numaralı para çekme ödendi olarak işaretlendi, referans %3.</translation>
    </message>
    <message>
        <source>Payout %1 of %2 rejected; the amount is back in the provider&apos;s earnings.</source>
        <translation>%2 tutarındaki %1 numaralı para çekme reddedildi; tutar sağlayıcının kazancına geri döndü.</translation>
    </message>
    <message>
        <source>Available %1, held %2, earnings %3, payout pending %4</source>
        <translation>Kullanılabilir %1, bloke %2, kazanç %3, bekleyen para çekme %4</translation>
    </message>
    <message>
        <source>No provider&apos;s application is waiting.</source>
        <translation>Bekleyen sağlayıcı başvurusu yok.</translation>
    </message>
    <message>
        <source>Select a late payment in the queue first.</source>
        <translation>Önce kuyruktan bir geç ödeme seçin.</translation>
    </message>
    <message>
        <source>Credit late payment</source>
        <translation>Geç ödemeyi alacaklandır</translation>
    </message>
    <message>
        <source>Payment %1 of %2 from account %3 arrived after its top-up expired. Why do you credit %4 to the account?</source>
        <translation>%3 numaralı hesabın %2 tutarındaki %1 ödemesi, bakiye yüklemenin süresi dolduktan sonra ulaştı. Hesaba neden %4 alacak kaydediyorsunuz?</translation>
    </message>
    <message>
        <source>Mark late payment refunded</source>
        <translation>Geç ödemeyi iade edildi olarak işaretle</translation>
    </message>
    <message>
        <source>Payment %1 of %2 from account %3 arrived after its top-up expired. Why was it refunded? Nothing is credited.</source>
        <translation>%3 numaralı hesabın %2 tutarındaki %1 ödemesi, bakiye yüklemenin süresi dolduktan sonra ulaştı. Neden iade edildi? Hesaba bir şey eklenmez.</translation>
    </message>
    <message>
        <source>Refund &amp;reference:</source>
        <translation>İade &amp;referansı:</translation>
    </message>
    <message>
        <source>Payment %1 credited: %2 to account %3.</source>
        <translation>%1 ödemesi alacaklandırıldı: %3 numaralı hesaba %2.</translation>
    </message>
    <message>
        <source>Payment %1 marked refunded, reference %2.</source>
        <translation>%1 ödemesi iade edildi olarak işaretlendi, referans %2.</translation>
    </message>
    <message>
        <source>You asked for this adjustment: a second support agent decides it.</source>
        <translation>Bu düzeltmeyi siz istediniz: kararı ikinci bir destek temsilcisi verir.</translation>
    </message>
    <message>
        <source>Adjustment %1: %2 to %3, asked for by %4 on %5.
Their reason: %6</source>
        <translation>Düzeltme %1: %3 için %2, %4 tarafından %5 tarihinde istendi.
Gerekçesi: %6</translation>
    </message>
    <message>
        <source>%1

Why do you approve it? It is applied at once.</source>
        <translation>%1

Neden onaylıyorsunuz? Hemen uygulanır.</translation>
    </message>
    <message>
        <source>%1

Why do you decline it? Nothing moves.</source>
        <translation>%1

Neden reddediyorsunuz? Hiçbir tutar aktarılmaz.</translation>
    </message>
</context>
<context>
    <name>everx::TopUpDialog</name>
    <message>
        <source>Top up</source>
        <translation>Bakiye yükle</translation>
    </message>
    <message>
        <source>&amp;Currency:</source>
        <translation>&amp;Para birimi:</translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation>&amp;Tutar:</translation>
    </message>
    <message>
        <source>USD – US dollar</source>
        <translation>USD – ABD doları</translation>
    </message>
    <message>
        <source>EUR – euro</source>
        <translation>EUR – Euro</translation>
    </message>
    <message>
        <source>GBP – pound sterling</source>
        <translation>GBP – İngiliz sterlini</translation>
    </message>
    <message>
        <source>&amp;Top up</source>
        <translation>Bakiye &amp;yükle</translation>
    </message>
    <message>
        <source>Enter an amount such as %1, with at most two decimals.</source>
        <translation>En fazla iki ondalık basamaklı bir tutar girin, örneğin %1.</translation>
    </message>
    <message>
        <source>The amount must be more than zero.</source>
        <translation>Tutar sıfırdan büyük olmalıdır.</translation>
    </message>
    <message>
        <source>Getting a quote…</source>
        <translation>Kur bilgisi alınıyor…</translation>
    </message>
    <message>
        <source>No quote: %1</source>
        <translation>Kur bilgisi alınamadı: %1</translation>
    </message>
    <message>
        <source>The exchange sent a quote the desk cannot read.</source>
        <translation>Borsa, uygulamanın okuyamadığı bir kur bilgisi gönderdi.</translation>
    </message>
    <message>
        <source>%1 will be credited.</source>
        <translation>Hesabınıza %1 yüklenecek.</translation>
    </message>
    <message>
        <source>≈ %1 credited at 1 %2 = %3 USD</source>
        <translation>≈ %1 yüklenecek (1 %2 = %3 USD)</translation>
    </message>
    <message>
        <source>The top-up was refused: %1</source>
        <translation>Bakiye yükleme reddedildi: %1</translation>
    </message>
    <message>
        <source>Topped up %1: %2 credited.</source>
        <translation>%1 yüklendi: hesabınıza %2 eklendi.</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Kapat</translation>
    </message>
    <message>
        <source>Top-up %1 waits for your payment of %2.</source>
        <translation>%1 numaralı bakiye yüklemesi %2 tutarındaki ödemenizi bekliyor.</translation>
    </message>
    <message>
        <source>Waiting for your payment of %1 with the reference %2. %3 is credited when it arrives; unpaid, the top-up expires at %4.</source>
        <translation>%2 referansıyla %1 tutarındaki ödemeniz bekleniyor. Ödeme ulaştığında bakiyenize %3 eklenir; ödenmezse bu bakiye yüklemesi %4 itibarıyla geçersiz olur.</translation>
    </message>
    <message>
        <source>Payment %1 received: %2 credited to your balance.</source>
        <translation>%1 numaralı ödeme alındı: bakiyenize %2 eklendi.</translation>
    </message>
    <message>
        <source>No payment arrived for %1; the top-up expired.</source>
        <translation>%1 için ödeme gelmedi; bakiye yüklemesinin süresi doldu.</translation>
    </message>
    <message>
        <source>Payment %1 arrived after the top-up expired: support will credit it or have it refunded.</source>
        <translation>%1 ödemesi bakiye yüklemenin süresi dolduktan sonra ulaştı: destek ekibi hesabınıza ekleyecek ya da iade ettirecek.</translation>
    </message>
    <message>
        <source>Payment %1 arrived after the top-up expired and was refunded (reference %2).</source>
        <translation>%1 ödemesi bakiye yüklemenin süresi dolduktan sonra ulaştı ve iade edildi (referans %2).</translation>
    </message>
</context>
<context>
    <name>everx::TradeTapeModel</name>
    <message>
        <source>Buy</source>
        <comment>trade tape: a buyer took an offer</comment>
        <translation>Alış</translation>
    </message>
    <message>
        <source>Sell</source>
        <comment>trade tape: an offer met a resting bid</comment>
        <translation>Satış</translation>
    </message>
    <message>
        <source>Time</source>
        <comment>of a trade</comment>
        <translation>Zaman</translation>
    </message>
    <message>
        <source>Price</source>
        <comment>per GPU-hour</comment>
        <translation>Fiyat</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>Adet</translation>
    </message>
    <message>
        <source>Hours</source>
        <comment>rental length of a trade</comment>
        <translation>Saat</translation>
    </message>
    <message>
        <source>Side</source>
        <comment>who started a trade</comment>
        <translation>Yön</translation>
    </message>
    <message numerus="yes">
        <source>%Ln h</source>
        <comment>hours a trade rents for</comment>
        <translation>
            <numerusform>%Ln sa</numerusform>
        </translation>
    </message>
    <message>
        <source>Earlier</source>
        <comment>trade tape: a trade from before the desk opened, side unknown</comment>
        <translation>Önceki</translation>
    </message>
</context>
<context>
    <name>everx::TradeTapeView</name>
    <message>
        <source>Trades</source>
        <comment>the trade tape</comment>
        <translation>İşlemler</translation>
    </message>
    <message>
        <source>Trade tape</source>
        <translation>İşlem akışı</translation>
    </message>
</context>
<context>
    <name>everx::WalletWidget</name>
    <message>
        <source>The ledger could not be loaded: %1</source>
        <translation>Hesap hareketleri yüklenemedi: %1</translation>
    </message>
    <message>
        <source>Wallet</source>
        <translation>Cüzdan</translation>
    </message>
    <message>
        <source>Available:</source>
        <comment>balance</comment>
        <translation>Kullanılabilir:</translation>
    </message>
    <message>
        <source>Held:</source>
        <comment>balance</comment>
        <translation>Bloke:</translation>
    </message>
    <message>
        <source>&amp;Top up…</source>
        <translation>Bakiye &amp;yükle…</translation>
    </message>
    <message>
        <source>Add money to your prepaid balance (%1)</source>
        <translation>Ön ödemeli bakiyenize para yükleyin (%1)</translation>
    </message>
    <message>
        <source>&amp;Export CSV…</source>
        <translation>CSV dışa a&amp;ktar…</translation>
    </message>
    <message>
        <source>Save the entries shown as a CSV file</source>
        <translation>Gösterilen kayıtları CSV dosyası olarak kaydet</translation>
    </message>
    <message>
        <source>The invoice of the rental the selected entry bills</source>
        <translation>Seçili kaydın faturalandırdığı kiralamanın faturası</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <comment>of ledger entries</comment>
        <translation>Tü&amp;r:</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Tüm türler</translation>
    </message>
    <message>
        <source>T&amp;o</source>
        <comment>date</comment>
        <translation>Biti&amp;ş</translation>
    </message>
    <message>
        <source>From date</source>
        <translation>Başlangıç tarihi</translation>
    </message>
    <message>
        <source>To date</source>
        <translation>Bitiş tarihi</translation>
    </message>
    <message>
        <source>Search memo, reference, amount…</source>
        <translation>Açıklama, referans, tutar ara…</translation>
    </message>
    <message>
        <source>Search the ledger</source>
        <translation>Hesap hareketlerinde ara</translation>
    </message>
    <message>
        <source>Ledger</source>
        <translation>Hesap hareketleri</translation>
    </message>
    <message>
        <source>&amp;Wallet</source>
        <translation>&amp;Cüzdan</translation>
    </message>
    <message>
        <source>&amp;Export ledger…</source>
        <translation>Hesap hareketlerini &amp;dışa aktar…</translation>
    </message>
    <message>
        <source>Export ledger</source>
        <translation>Hesap hareketlerini dışa aktar</translation>
    </message>
    <message>
        <source>ledger-%1.csv</source>
        <comment>file name</comment>
        <translation>hesap-hareketleri-%1.csv</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV dosyaları (*.csv)</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n ledger entry(s) to %1.</source>
        <translation>
            <numerusform>%n kayıt %1 dosyasına aktarıldı.</numerusform>
        </translation>
    </message>
    <message>
        <source>Top-ups waiting for &amp;payment:</source>
        <translation>Ö&amp;deme bekleyen bakiye yüklemeleri:</translation>
    </message>
    <message>
        <source>Top-ups waiting for payment</source>
        <translation>Ödeme bekleyen bakiye yüklemeleri</translation>
    </message>
    <message>
        <source>Offline: top-ups wait for the connection.</source>
        <translation>Çevrimdışı: bakiye yükleme bağlantıyı bekliyor.</translation>
    </message>
    <message>
        <source>Top &amp;up…</source>
        <translation>Bakiye &amp;yükle…</translation>
    </message>
    <message>
        <source>Invoi&amp;ce…</source>
        <translation>Fat&amp;ura…</translation>
    </message>
    <message>
        <source>F&amp;rom</source>
        <comment>date</comment>
        <translation>Başla&amp;ngıç</translation>
    </message>
</context>
<context>
    <name>everx::WebSocketTransport</name>
    <message>
        <source>Not a ws:// or wss:// address: %1</source>
        <translation>ws:// veya wss:// adresi değil: %1</translation>
    </message>
    <message>
        <source>certificate fingerprint mismatch: expected SHA-256 %1, the server presented %2</source>
        <translation>sertifika parmak izi uyuşmuyor: beklenen SHA-256 %1, sunucunun sunduğu %2</translation>
    </message>
    <message>
        <source>The server&apos;s certificate is not trusted (SHA-256 %1)</source>
        <translation>Sunucunun sertifikasına güvenilmiyor (SHA-256 %1)</translation>
    </message>
</context>
<context>
    <name>everx::WorkloadPage</name>
    <message>
        <source>Workload</source>
        <translation>İş yükü</translation>
    </message>
    <message>
        <source>What will the GPUs do?</source>
        <translation>GPU&apos;lar ne yapacak?</translation>
    </message>
    <message>
        <source>&amp;Pre-training or full fine-tuning</source>
        <translation>Ön eğitim veya &amp;tam ince ayar</translation>
    </message>
    <message>
        <source>&amp;LoRA fine-tuning</source>
        <translation>&amp;LoRA ile ince ayar</translation>
    </message>
    <message>
        <source>&amp;QLoRA fine-tuning</source>
        <translation>&amp;QLoRA ile ince ayar</translation>
    </message>
    <message>
        <source>&amp;Inference (serving)</source>
        <translation>Çı&amp;karım (model sunma)</translation>
    </message>
    <message>
        <source>Every weight trains: weights, gradients and AdamW states all sit on the GPUs, about 16 bytes per parameter.</source>
        <translation>Tüm ağırlıklar eğitilir: ağırlıklar, gradyanlar ve AdamW durumları GPU&apos;larda bulunur; parametre başına yaklaşık 16 bayt.</translation>
    </message>
    <message>
        <source>Small adapters train on a frozen 16-bit base: about 2 bytes per parameter, often on one GPU.</source>
        <translation>Dondurulmuş 16 bit bir temel modelin üzerinde küçük adaptörler eğitilir: parametre başına yaklaşık 2 bayt, çoğu zaman tek GPU&apos;da.</translation>
    </message>
    <message>
        <source>LoRA on a base quantised to 4 bit: well under 1 byte per parameter, in exchange for slower steps.</source>
        <translation>4 bite nicemlenmiş bir temel model üzerinde LoRA: parametre başına 1 baytın oldukça altında, karşılığında adımlar yavaşlar.</translation>
    </message>
    <message>
        <source>Serve the model: 16-bit weights plus the KV cache for the context of every sequence served at once.</source>
        <translation>Modeli sunun: 16 bit ağırlıklar ve aynı anda sunulan her dizinin bağlamı için KV önbelleği.</translation>
    </message>
</context>
</TS>
