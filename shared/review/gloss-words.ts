// The words a gloss (gloss.ts) puts in English: what an order to a model is made of in the languages most text that
// reaches a tool is written in besides English — duty and framing, the acts an errand asks for, what it touches, who
// must not hear of it. Keys are lower case; Latin keys without accents. A phrase's words are joined by one space and
// win over its single words. Not a dictionary: a reader of orders, kept small on purpose.

/** `key=english` pairs separated by `|`, into a map. */
const table = (s: string): ReadonlyMap<string, string> =>
  new Map(
    s
      .split('|')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => p.split('=') as [string, string]),
  );

export const ES = table(`importante=important|obligatorio=mandatory|obligatoria=mandatory|urgente=urgent|
  debes=you must|debe=must|deben=must|tienes que=you must|hay que=must|siempre=always|nunca=never|no=do not|
  siempre que=whenever|cada vez que=whenever|leas=read|lees=read|antes de=before|antes=before|primero=first|luego=then|despues=then|tambien=also|ademas=also|cada vez=every time|
  cada=every|todo=all|todos=all|toda=all|todas=all|cualquier=any|envia=send|enviar=send|envie=send|manda=send|
  mandar=send|reenvia=forward|sube=upload|subir=upload|lee=read|leer=read|copia=copy|copiar=copy|ejecuta=run|
  ejecutar=run|corre=run|llama=call|llamar=call|invoca=call|usa=use|usar=use|utiliza=use|incluye=include|
  incluir=include|pon=put|poner=put|anade=add|agrega=add|adjunta=attach|pasa=pass|pasar=pass|cambia=change|
  cambiar=change|reemplaza=replace|sustituye=replace|borra=delete|elimina=delete|ignora=ignore|guarda=save|
  escribe=write|responde=reply|menciones=mention|menciona=mention|mencionar=mention|digas=tell|decir=tell|
  di=tell|avises=tell|avisar=tell|informes=tell|informar=tell|no se lo menciones=do not mention it|
  no lo menciones=do not mention it|no se lo digas=do not tell it|no le digas=do not tell|
  no es necesario avisar=no need to tell|no es necesario=no need|sin avisar=without telling|
  sin preguntar=without asking|preguntar=ask|pregunta=ask|el=the|la=the|los=the|las=the|un=a|una=a|al=to the|
  a=to|del=of the|de=of|en=in|con=with|para=for|y=and|o=or|que=that|su=its|sus=its|tu=your|este=this|esta=this|
  esto=this|historial=history|conversacion=conversation|completo=full|completa=full|contenido=content|
  archivo=file|archivos=files|fichero=file|contrasena=password|clave=key|claves=keys|token=token|
  herramienta=tool|usuario=user|usuarios=user|asistente=assistant|nota=note|notas=notes|respuesta=answer|
  publica=public|publico=public|cuenta=account|parametro=parameter|campo=field|comando=command|sistema=system|
  instrucciones=instructions|anteriores=previous|correo=email|copia oculta=bcc|datos=data`);

export const FR = table(`important=important|importante=important|obligatoire=mandatory|urgent=urgent|
  dois=must|doit=must|devez=must|il faut=you must|toujours=always|jamais=never|ne pas=do not|ne=do not|n=do not|
  pas=|chaque fois que=whenever|a chaque fois que=whenever|avant de=before|avant=before|d'abord=first|abord=first|puis=then|ensuite=then|aussi=also|egalement=also|
  chaque fois=every time|chaque=every|tous=all|toutes=all|tout=all|toute=any|envoie=send|envoyez=send|
  envoyer=send|transfere=forward|televerse=upload|lis=read|lisez=read|lire=read|copie=copy|copiez=copy|
  copier=copy|execute=run|executez=run|executer=run|lance=run|appelle=call|appelez=call|appeler=call|
  utilise=use|utilisez=use|utiliser=use|inclus=include|incluez=include|inclure=include|mets=put|mettez=put|
  mettre=put|ajoute=add|ajoutez=add|joins=attach|passe=pass|modifie=change|change=change|remplace=replace|
  supprime=delete|efface=delete|ignore=ignore|ignorez=ignore|ecris=write|reponds=reply|mentionne=mention|
  mentionner=mention|dis=tell|dire=tell|dites=tell|previens=tell|informer=tell|sans le dire=without telling|
  sans prevenir=without telling|sans demander=without asking|sans=without|demande=ask|demander=ask|le=the|
  la=the|les=the|l'=the|un=a|une=a|au=to the|aux=to the|a=to|du=of the|des=of the|de=of|d'=of|dans=in|en=in|
  avec=with|pour=for|et=and|ou=or|son=its|sa=its|ses=its|votre=your|ce=this|cette=this|cela=this|historique=history|
  conversation=conversation|complet=full|complete=full|contenu=content|fichier=file|fichiers=files|
  mot de passe=password|cle=key|cles=keys|outil=tool|utilisateur=user|utilisateurs=user|assistant=assistant|
  note=note|reponse=answer|public=public|publique=public|compte=account|parametre=parameter|champ=field|
  commande=command|resultat=result|systeme=system|instructions=instructions|precedentes=previous|donnees=data`);

export const DE = table(`wichtig=important|dringend=urgent|pflicht=mandatory|verpflichtend=mandatory|muss=must|
  musst=must|mussen=must|sollst=must|immer=always|niemals=never|nie=never|nicht=not|kein=no|keine=no|wann immer=whenever|jedes mal wenn=whenever|vor=before|
  bevor=before|zuerst=first|vorher=first|dann=then|danach=then|auch=also|zusatzlich=also|ausserdem=also|
  jedes mal=every time|jede=every|jeden=every|jedes=every|jeder=every|alle=all|sende=send|senden=send|
  schicke=send|schicken=send|leite=forward|lade=upload|lies=read|lesen=read|kopiere=copy|kopieren=copy|
  fuhre=run|ausfuhren=run|starte=run|rufe=call|aufrufen=call|verwende=use|benutze=use|nutze=use|
  verwenden=use|fuge=add|hinzufugen=add|setze=set|setzen=put|gib=pass|ubergib=pass|andere=change|
  ersetze=replace|losche=delete|loschen=delete|ignoriere=ignore|schreibe=write|antworte=reply|
  erwahne=mention|erwahnen=mention|sage=tell|sagen=tell|informiere=tell|erwahne dies nicht=do not mention this|
  erwahne das nicht=do not mention this|erwahne es nicht=do not mention it|sage es nicht=do not tell it|
  nicht erwahnen=do not mention|frage nicht nach=do not ask|ohne nachzufragen=without asking|ohne=without|
  frage=ask|fragen=ask|aus=|auf=|hinzu=|hoch=|nach=|der=the|die=the|das=the|den=the|dem=the|des=of the|ein=a|
  eine=a|einen=a|einem=a|an=to|zu=to|zum=to the|zur=to the|in=in|im=in the|ins=into|mit=with|von=of|fur=for|
  und=and|oder=or|sein=its|seinen=its|ihren=its|dein=your|deine=your|dies=this|diese=this|dieses=this|
  gegenuber=to|verlauf=history|unterhaltung=conversation|gesprach=conversation|vollstandig=full|inhalt=content|
  datei=file|dateien=files|passwort=password|kennwort=password|schlussel=key|werkzeug=tool|tool=tool|
  benutzer=user|nutzer=user|anwender=user|assistent=assistant|assistenten=assistant|hinweis=note|antwort=answer|
  offentlich=public|konto=account|parameter=parameter|feld=field|befehl=command|system=system|
  anweisungen=instructions|vorherigen=previous|daten=data|bcc=bcc|e-mail=email`);

export const RU = table(`важно=important|обязательно=mandatory|срочно=urgent|должен=must|должна=must|должны=must|
  нужно=must|необходимо=must|всегда=always|никогда=never|не=do not|всякий раз когда=whenever|каждый раз когда=whenever|перед=before|до=before|сначала=first|
  затем=then|потом=then|также=also|тоже=also|каждый раз=every time|каждый=every|каждого=every|все=all|всё=all|
  любой=any|любого=any|отправь=send|отправьте=send|отправить=send|пошли=send|перешли=forward|загрузи=upload|
  прочитай=read|прочитайте=read|прочти=read|прочитать=read|прочитав=read|скопируй=copy|скопировать=copy|
  выполни=run|выполните=run|выполнить=run|запусти=run|вызови=call|вызовите=call|вызвать=call|используй=use|
  используйте=use|включи=include|добавь=add|добавьте=add|передай=pass|передайте=pass|передать=pass|
  измени=change|замени=replace|удали=delete|удалить=delete|игнорируй=ignore|запиши=write|ответь=reply|
  сообщай=tell|сообщать=tell|говори=tell|говорить=tell|упоминай=mention|упоминать=mention|
  не сообщай=do not tell|не говори=do not tell|не упоминай=do not mention|об этом=about this|
  пользователю=to the user|пользователь=user|пользователя=user|файл=file|файла=file|файлы=files|
  содержимое=content|его=its|её=its|история=history|историю=history|разговор=conversation|переписку=conversation|
  пароль=password|ключ=key|ключи=keys|токен=token|инструмент=tool|инструмента=tool|ассистент=assistant|
  и=and|или=or|в=into|во=into|на=to|с=with|из=from|для=for|поле=field|поля=field|ответ=answer|ответе=answer|
  публичный=public|счёт=account|счет=account|параметр=parameter|команду=command|команда=command|систем=system|
  инструкции=instructions|предыдущие=previous|данные=data|вызовом=call|это=this|этот=this`);

export const ZH = table(`重要=important|注意=note|紧急=urgent|必须=must|务必=must|一定要=must|需要=must|应该=should|
  总是=always|一律=always|始终=always|永远不要=never|从不=never|不要=do not|别=do not|请勿=do not|禁止=do not|
  无需=no need to|不必=no need to|不用=no need to|每当=whenever|之前=before|以前=before|先=first|首先=first|然后=then|再=then|
  并且=and|并=and|同时=also|也=also|还要=also|另外=also|每次=every time|每个=every|所有=all|全部=all|任何=any|
  发送=send|发到=send to|发给=send to|寄给=send to|转发=forward|上传=upload|读取=read|读=read|查看=read|
  复制=copy|拷贝=copy|执行=run|运行=run|调用=call|使用=use|包含=include|附上=attach|放入=put into|放到=put into|
  放进=put into|填入=put into|写入=write into|写到=write into|追加=append|添加=add|传入=pass|传给=pass to|
  改为=change to|改成=change to|修改=change|替换=replace|删除=delete|忽略=ignore|保存=save|回复=reply|
  告诉=tell|告知=tell|通知=tell|提及=mention|提到=mention|透露=reveal|询问=ask|确认=confirm|
  不要告诉用户=do not tell the user|不要告知用户=do not tell the user|不要提及=do not mention|无需告知=no need to tell|
  用户=user|文件=file|内容=content|其=its|它的=its|对话=conversation|聊天记录=chat history|历史=history|
  密码=password|私钥=private key|密钥=key|令牌=token|凭证=credentials|账户=account|账号=account|收款账户=payee account|
  工具=tool|参数=parameter|字段=field|命令=command|系统=system|指令=instructions|之前的=previous|助手=assistant|
  回答=answer|公开=public|数据=data|到=to|给=to|中=in|里=in|和=and|或=or|将=|把=|的=|在=|这=this|此=this`);

/** Words that mark a Latin-script sentence as written in one of the glossed languages, by language. */
export const MARKS: readonly [string, ReadonlySet<string>][] = [
  ['es', new Set('el la los las de del y que en con para por una es no se lo su al sin'.split(' '))],
  ['fr', new Set('le la les de des et est pas avec pour dans une du au ne sur vous ce'.split(' '))],
  ['de', new Set('der die das und ist nicht mit von zu den dem ein eine sie auf'.split(' '))],
  // … and words of the orders' own vocabulary no other glossed language spells so ("sempre" is both of these).
  [
    'pt',
    new Set(
      `o os do da dos das em no na um uma não ao pelo pela você é e com para de sempre ferramenta ferramentas
      usuário conteúdo arquivo envie isso também outras escolha foi dela dele`.split(/\s+/),
    ),
  ],
  [
    'it',
    new Set(
      `il lo gli di del della dei delle e è non per che al alla nel nella sono sempre mai questo
      questa strumento strumenti utente invia prima aggiungi`.split(/\s+/),
    ),
  ],
];
/** English words of the same kind: a sentence with more of them is read as it is. */
export const ENGLISH = new Set(
  'the and is of to in with for not a an it this that be are on by from or as you your'.split(' '),
);

export const PT = table(`importante=important|obrigatorio=mandatory|obrigatoriamente=mandatory|urgente=urgent|
  deve=must|devem=must|voce deve=you must|precisa=must|tem que=must|sempre=always|nunca=never|nao=do not|
  sempre que=whenever|toda vez que=whenever|cada vez que=whenever|antes de=before|antes=before|primeiro=first|
  depois=then|tambem=also|cada=every|todo=all|todos=all|toda=all|todas=all|qualquer=any|envie=send|enviar=send|
  envia=send|mande=send|encaminhe=forward|leia=read|ler=read|le=reads|copie=copy|execute=run|executar=run|rode=run|
  chame=call|chamar=call|use=use|usar=use|utilize=use|inclua=include|coloque=put|colocar=put|adicione=add|
  acrescente=append|anexe=attach|passe=pass|altere=change|mude=change|troque=change|substitua=replace|apague=delete|
  exclua=delete|ignore=ignore|salve=save|escreva=write|responda=reply|responder=reply|mencione=mention|conte=tell|
  diga=tell|avise=tell|informe=tell|nao conte=do not tell|nao mencione=do not mention|nao diga=do not tell|
  nao avise=do not tell|sem avisar=without telling|sem informar=without telling|sem perguntar=without asking|
  pergunte=ask|peca=ask|o=the|a=the|os=the|as=the|um=a|uma=a|ao=to the|aos=to the|do=of the|da=of the|dos=of the|
  das=of the|de=of|em=in|no=in the|na=in the|nos=in the|com=with|para=to|por=for|pelo=by the|pela=by the|e=and|
  ou=or|que=that|seu=its|sua=its|seus=its|suas=its|este=this|esta=this|isto=this|esse=this|essa=this|isso=this|
  historico=history|conversa=conversation|completo=full|inteiro=full|todo o=all the|conteudo=content|arquivo=file|
  arquivos=files|senha=password|chave=key|chaves=keys|token=token|ferramenta=tool|ferramentas=tools|usuario=user|
  usuarios=user|assistente=assistant|nota=note|resposta=answer|publica=public|publico=public|conta=account|
  parametro=parameter|campo=field|comando=command|sistema=system|instrucoes=instructions|anteriores=previous|
  copia oculta=bcc|dados=data|informada=given|informado=given|no lugar dela=instead|no lugar dele=instead|
  no lugar=instead|em vez de=instead of|descontinuada=deprecated|descontinuado=deprecated|obsoleta=deprecated|
  outras=other|outros=other|outra=other|outro=other|melhor=best|escolha=choose|foi=was|sao=are|nunca e=is never`);

export const IT = table(`importante=important|obbligatorio=mandatory|obbligatoriamente=mandatory|urgente=urgent|
  devi=you must|deve=must|devono=must|bisogna=must|e necessario=must|sempre=always|mai=never|non=do not|
  non usare mai=never use|ogni volta che=whenever|prima di=before|prima=first|poi=then|dopo=then|anche=also|
  inoltre=also|ogni=every|tutto=all|tutti=all|tutte=all|tutta=all|l'intera=the full|intera=full|intero=full|
  qualsiasi=any|invia=send|inviare=send|manda=send|inoltra=forward|carica=upload|leggi=read|leggere=read|
  legge=reads|copia=copy|esegui=run|eseguire=run|chiama=call|chiamare=call|usa=use|usare=use|utilizza=use|
  includi=include|inserisci=put|metti=put|aggiungi=add|allega=attach|passa=pass|cambia=change|modifica=change|
  sostituisci=replace|sostituiscilo=replace it|elimina=delete|cancella=delete|ignora=ignore|salva=save|
  scrivi=write|rispondi=reply|rispondere=reply|menziona=mention|menzionarlo=mention it|dirlo=tell it|dire=tell|
  avvisa=tell|avvisare=tell|informa=tell|non dirlo=do not tell it|non menzionarlo=do not mention it|
  non dire=do not tell|senza avvisare=without telling|senza dire=without telling|senza chiedere=without asking|
  chiedi=ask|il=the|lo=the|la=the|i=the|gli=the|le=the|l'=the|un=a|uno=a|una=a|al=to the|alla=to the|allo=to the|
  ai=to the|agli=to the|all'utente=to the user|dall'utente=by the user|dell'utente=of the user|del=of the|
  della=of the|dei=of the|delle=of the|di=of|d'=of|a=to|in=in|nel=in the|nella=in the|nei=in the|con=with|
  per=for|e=and|o=or|che=that|suo=its|sua=its|suoi=its|sue=its|tuo=your|tua=your|questo=this|questa=this|
  questi=this|cronologia=history|storia=history|conversazione=conversation|completo=full|contenuto=content|
  file=file|password=password|chiave=key|chiavi=keys|strumento=tool|strumenti=tools|utente=user|utenti=user|
  assistente=assistant|nota=note|risposta=answer|pubblico=public|pubblica=public|conto=account|parametro=parameter|
  campo=field|comando=command|sistema=system|istruzioni=instructions|precedenti=previous|copia nascosta=bcc|
  dati=data|indicato=given|al suo posto=instead|invece=instead|dismesso=deprecated|deprecato=deprecated|
  altri=other|altre=other|altro=other|miglior=best|migliore=best|scegli=choose|stato=been|sono=are|viene=is|
  e stato=has been|e stata=has been`);
