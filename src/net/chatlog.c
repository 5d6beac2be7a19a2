/* A game host's chat history (see chatlog.h): a bounded list of lines,
 * each with the one flag that decides who may read it. */
#include "net/chatlog.h"

#include <stdio.h>
#include <string.h>

void ChatLog_init(ChatLog *log)
{
    log->count = 0;
}

static ChatLine *ChatLog_push(ChatLog *log)
{
    if (log->count == CHATLOG_MAX) {
        memmove(log->lines, log->lines + 1, (CHATLOG_MAX - 1) * sizeof *log->lines);
        log->count--;
    }
    return &log->lines[log->count++];
}

void ChatLog_add(ChatLog *log, const NetMsg *said, bool held)
{
    ChatLine *l = ChatLog_push(log);
    snprintf(l->name, sizeof l->name, "%s", said->name);
    snprintf(l->text, sizeof l->text, "%s", said->text);
    l->side = said->side;
    l->held = held;
}

void ChatLog_hold(ChatLog *log, const ChatLine *line)
{
    ChatLine *l = ChatLog_push(log);
    *l = *line;
    l->held = true;
}

void ChatLog_release(ChatLog *log, ChatLogVisit visit, void *ctx)
{
    for (int i = 0; i < log->count; i++) {
        if (!log->lines[i].held)
            continue;
        log->lines[i].held = false;
        visit(ctx, &log->lines[i]);
    }
}

void ChatLog_replay(const ChatLog *log, bool player, ChatLogVisit visit, void *ctx)
{
    for (int i = 0; i < log->count; i++)
        if (!(player && log->lines[i].held))
            visit(ctx, &log->lines[i]);
}

void ChatLog_eachHeld(const ChatLog *log, ChatLogVisit visit, void *ctx)
{
    for (int i = 0; i < log->count; i++)
        if (log->lines[i].held)
            visit(ctx, &log->lines[i]);
}
