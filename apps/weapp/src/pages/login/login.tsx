import { PHONE_REGEX } from '@chaopin/contracts';
import { Button, Checkbox, Input, Text, View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { useEffect, useState } from 'react';
import { api, toastError } from '../../platform/api';
import { wechatBind, wechatLogin } from '../../platform/wechatLogin';
import './login.css';

const toast = (title: string) => void Taro.showToast({ title, icon: 'none' });

function done() {
  void Taro.showToast({ title: '登录成功', icon: 'success' });
  // Back to the page that asked; opened on its own, to 我的.
  if (Taro.getCurrentPages().length > 1) void Taro.navigateBack();
  else void Taro.switchTab({ url: '/pages/user/user' });
}

/** 登录: WeChat first; a WeChat user without a bound phone verifies one by SMS. */
export default function LoginPage() {
  const [needsPhone, setNeedsPhone] = useState(false);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);

  const agreementFirst = () => {
    if (!agreed) toast('请先阅读并同意《用户协议》和《隐私政策》');
    return agreed;
  };

  const loginWithWechat = async () => {
    if (!agreementFirst() || busy) return;
    setBusy(true);
    try {
      if (await wechatLogin()) done();
      else setNeedsPhone(true);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    if (seconds > 0) return;
    if (!PHONE_REGEX.test(phone)) return toast('请输入正确的手机号');
    try {
      const sent = await api.post('user/sms/send', { phone });
      setSentOnce(true);
      setSeconds(sent.resendIn);
    } catch (error) {
      toastError(error);
    }
  };

  const bind = async () => {
    if (!agreementFirst() || busy) return;
    if (!PHONE_REGEX.test(phone)) return toast('请输入正确的手机号');
    if (!/^\d{6}$/.test(code)) return toast('请输入验证码');
    setBusy(true);
    try {
      await wechatBind(phone, code);
      done();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <View className="login">
      <View className="login__title">潮品直播</View>
      <View className="login__sub">边看直播边购物，未注册手机号验证后自动注册</View>
      {needsPhone ? (
        <View>
          <Input
            className="login__input"
            type="number"
            maxlength={11}
            placeholder="请输入手机号"
            value={phone}
            onInput={(e) => setPhone(e.detail.value)}
          />
          <View className="login__code-row">
            <Input
              className="login__input login__code"
              type="number"
              maxlength={6}
              placeholder="请输入验证码"
              value={code}
              onInput={(e) => setCode(e.detail.value)}
            />
            <Text className="login__send" onClick={sendCode}>
              {seconds > 0 ? `${seconds}s后重试` : sentOnce ? '重新获取' : '获取验证码'}
            </Text>
          </View>
          <Button className="button-primary login__button" loading={busy} onClick={bind}>
            登录
          </Button>
        </View>
      ) : (
        <Button className="button-primary login__button" loading={busy} onClick={loginWithWechat}>
          微信登录
        </Button>
      )}
      <View className="login__agreement" onClick={() => setAgreed(!agreed)}>
        <Checkbox value="agree" checked={agreed} color="#FF0135" />
        <Text>我已阅读并同意</Text>
        <Text
          className="login__link"
          onClick={(e) => {
            e.stopPropagation();
            void Taro.navigateTo({ url: '/pages/rule/agreement' });
          }}
        >
          《用户协议》
        </Text>
        <Text>和</Text>
        <Text
          className="login__link"
          onClick={(e) => {
            e.stopPropagation();
            void Taro.navigateTo({ url: '/pages/rule/privacy' });
          }}
        >
          《隐私政策》
        </Text>
      </View>
    </View>
  );
}
