// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: write one call below a region opened for reading, at level 2
 * check-description: take_cmd_ack() opens its region with user_read_access_begin() and calls put_cmd_ack(), which stores: the mode finding is at the call, with the store and the begin. Level 2 adds the distance of the store from its region one call up (the __unsafe_setup_sigcontext() shape), as for a region of the right kind.
 * check-level: 2
 *
 * check-output-start
mode_write_one_up.c:31:9: warning: unsafe_put_user() runs in a region opened 1 call up, by user_read_access_begin(cmd, sizeof(*cmd)) in take_cmd_ack() [-Wuaccess-distance]
mode_write_one_up.c:42:14: note: region opened here
mode_write_one_up.c:45:15: note: call 1 of 1: take_cmd_ack() calls put_cmd_ack()
mode_write_one_up.c:42:14: note: checked here: user_read_access_begin(cmd, sizeof(*cmd))
mode_write_one_up.c:31:9: note: distance: 1 call, 11 source lines from the check to this access
mode_write_one_up.c:45:15: warning: call to 'put_cmd_ack' reaches unsafe_put_user(), which writes in a region opened for reading [-Wuaccess-mode]
mode_write_one_up.c:31:9: note: accessed here
mode_write_one_up.c:42:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_cmd_ack {
	u32 op;
	u32 ack;
};

static __always_inline int put_cmd_ack(struct uc_cmd_ack __user *cmd)
{
	unsafe_put_user(1, &cmd->ack, efault);
	return 0;
efault:
	return -EFAULT;
}

int take_cmd_ack(struct uc_cmd_ack __user *cmd, u32 *op);
int take_cmd_ack(struct uc_cmd_ack __user *cmd, u32 *op)
{
	int err;

	if (!user_read_access_begin(cmd, sizeof(*cmd)))
		return -EFAULT;
	unsafe_get_user(*op, &cmd->op, efault);
	err = put_cmd_ack(cmd);
	user_read_access_end();
	return err;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(take_cmd_ack);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: write one call below a region opened for reading");
